# codec: MessagePack through msgpack-c (build/lib-msgpack.sh).
LIB_codec := msgpack
