# The BSON Corpus (the drivers' shared specification tests, in libbson's
# source): every valid case passes the bson target's properties, every
# decode and parse error is refused, but for the known disagreements
# tests/bson_corpus.c lists.
bson_corpus() {
  local src
  src=$(build/fetch-source.sh mongo-c-driver 1.23.1-1+deb12u3) || return 1
  make -s out/tests-bson/bson_corpus || return 1
  out/tests-bson/bson_corpus "$src"/src/libbson/tests/json/bson_corpus/*.json
}
step "bson/corpus" bson_corpus
