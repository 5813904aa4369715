/* Planted bug for dict_attach: LZ4_attach_dictionary attaches nothing, so
 * the stream compresses as if without a dictionary. Its blocks still
 * decode (without the dictionary), and LZ4_loadDict is right: only
 * comparing the two shows it. */
#define LZ4_attach_dictionary(stream, dict) LZ4_attach_dictionary((stream), NULL)
