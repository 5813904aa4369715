/* csv — CSV through libcsv (Robert Gamble's parser, Debian libcsv 3.0.3).
 *
 * The first draw picks a mode. In records mode each property's variation
 * comes first — a second layout, chunk sizes, allocation failures, a
 * writer's room, a row to delete, a row order — then the records: rows of
 * varying width whose fields are any bytes (NUL, both quote characters,
 * every delimiter, CR, LF, spaces, tabs), empty fields, null fields
 * (unquoted empties) and empty rows. A layout is a delimiter (, ; TAB |
 * SPACE NUL), quote character (" or '), minimal or always quoting, LF /
 * CRLF / CR line ends, a final line end or not, and the parser's settings
 * (CSV_STRICT, CSV_STRICT_FINI, CSV_APPEND_NULL, CSV_EMPTY_IS_NULL,
 * CSV_REPALL_NL, the space and terminator functions, the buffer block
 * size). The renderer (harness/csv/records.c) is the reference (RFC 4180
 * quoting, with libcsv's own rules where they differ); what libcsv must
 * return is computed from the records (expect_records), so ground truth
 * is free. Properties:
 *
 *   round_trip          parse(render(records)) == the records, as the
 *                       layout defines them: every field's bytes, null
 *                       versus empty, every row's terminator character,
 *                       no refusal (strict modes included), and with
 *                       CSV_APPEND_NULL a NUL after every field
 *   batch_incremental   csv_parse fed in drawn chunk sizes gives exactly
 *                       what it gives fed whole (rows, terminators, error
 *                       status and offset), also when drawn reallocs of
 *                       its buffer fail and each CSV_ENOMEM is resumed
 *                       from the offset csv_parse returned; in raw mode too
 *   format_neutral      the same records in a second drawn layout parse to
 *                       the same records (terminators, zero-field rows and
 *                       — unless both layouts ask for CSV_EMPTY_IS_NULL —
 *                       null versus empty are the layouts' business and
 *                       not compared)
 *   row_deletion        deleting one drawn row's line from the document
 *                       removes exactly that record's rows from the parse
 *   row_permutation     the rows' lines in a drawn order parse to the same
 *                       records in that order
 *   writer_reference    libcsv's writers (csv_write, csv_write2, csv_fwrite,
 *                       csv_fwrite2) quote every field as the reference
 *                       does; the size query says how much room that takes,
 *                       and a short buffer (room drawn) gets exactly its
 *                       prefix and nothing past it
 *
 * In raw mode arbitrary bytes go to the parser, strict and non-strict, in
 * one piece and in drawn chunks (batch_incremental), and:
 *
 *   strict_subset       whatever strict mode accepts, the default mode
 *                       parses to the same rows (strict only adds errors)
 *   canonical_fixed_point  the records the default mode parses, rendered by
 *                       our renderer and parsed again, are the same
 *                       records; rendering those gives the same bytes
 *   strict_errors       the default mode refuses nothing; CSV_STRICT
 *                       refuses with CSV_EPARSE, at a byte it has a reason
 *                       to refuse (a quote, or a byte after a closing quote
 *                       and spaces), and in csv_fini only with
 *                       CSV_STRICT_FINI (csv(3))
 *   parser_lifecycle    one parser parses the text three times — fresh
 *                       from csv_init (its memory filled with a pattern
 *                       first, the defaults comma, double quote and 128-byte
 *                       blocks left alone), after csv_fini and after
 *                       csv_free — as a fresh parser set explicitly does;
 *                       csv_error is 0 after csv_init and every round;
 *                       every realloc request is the one libcsv's growth
 *                       protocol (block size, halved after a failure) says,
 *                       csv_get_buffer_size what those made it, 0 after
 *                       csv_free; a NULL realloc or free function is ignored
 *
 * libcsv behaviours the model follows (each shown against the real library
 * in tests/restrict/csv.c), and what the strategy does about them:
 *   R1 an empty line yields no row (empty_line_no_row). A record with no
 *      fields renders as an empty line and is expected to vanish — unless
 *      CSV_REPALL_NL is set: then every line-terminator byte outside a
 *      field is reported as a row with no fields, so an empty record comes
 *      back as one such row per terminator byte and a CRLF line end adds
 *      one after every row (repall_nl_crlf). Both are modelled, not
 *      excluded.
 *   R2 a row of one empty unquoted field is indistinguishable from an empty
 *      line (single_empty_field). The renderer quotes a lone empty field
 *      (""), and a record of one null field — which can only be written
 *      unquoted — is expected to behave as an empty line.
 *   R3 a final row without a line end is delivered by csv_fini, with -1 as
 *      its terminator (final_row_needs_fini): every parse here ends with
 *      csv_fini.
 *   R4 leading and trailing spaces and tabs (what the space function says)
 *      are trimmed from unquoted fields (whitespace_trimmed): minimal
 *      quoting quotes fields that begin or end with one; with the "none"
 *      space function nothing is trimmed and such fields go unquoted.
 *   R5 CSV_EMPTY_IS_NULL passes NULL for an empty unquoted field and a
 *      non-NULL empty field for "" (empty_is_null): a drawn null field is
 *      written unquoted and expected as NULL with the option, as "" without
 *      it; minimal quoting quotes non-null empty fields under the option.
 * What a property compares only where it means something (counted skips,
 * make stats-csv):
 *   R6 row_deletion and row_permutation compare parses of a document the
 *      parser accepts: a refusal of a rendered document is round_trip's
 *      failure, and a refused document has no rows to delete or reorder.
 *   R7 strict_subset compares only text CSV_STRICT accepts (what it
 *      refuses, the default mode may parse as it likes).
 *   R8 canonical_fixed_point starts from text the default mode accepts (a
 *      refused text has no records to write back).
 * Harness choices (not library restrictions):
 *   - row_permutation renders both orders with a final line end: moved into
 *     the middle, a last line without one would merge with the next.
 *   - canonical_fixed_point renders with LF line ends and a final line end:
 *     a CRLF would add CSV_REPALL_NL rows, and a trailing empty record
 *     without a line end would vanish, so neither is a fixed point.
 *   - the layout's terminator function "LF-only" forces LF line ends (a CR
 *     is then field data).
 *   - row_deletion deletes the drawn row modulo the number of records, and
 *     row_permutation applies the drawn order of MAX_ROWS rows to the
 *     records there are (pf_permutation_restrict): both are drawn before
 *     the records, whose number is not known yet.
 * The parts: harness/csv/layout.c (layouts), records.c (records, the
 * renderer and the model), table.c (parses as tables), libcsv.c (every
 * call into libcsv), records_mode.c and writer.c (records mode), raw_mode.c
 * (raw mode), raw_errors.c (strict_errors, parser_lifecycle), seeds.c.
 */
#include "csv/csv_target.h"

static const pf_property records_properties[] = {
    {"round_trip", prop_round_trip},
    {"batch_incremental", prop_batch_incremental},
    {"format_neutral", prop_format_neutral},
    {"row_deletion", prop_row_deletion},
    {"row_permutation", prop_row_permutation},
    {"writer_reference", prop_writer_reference},
};
static const pf_property raw_properties[] = {
    {"batch_incremental", prop_raw_batch_incremental},
    {"strict_subset", prop_strict_subset},
    {"canonical_fixed_point", prop_canonical_fixed_point},
    {"strict_errors", prop_strict_errors},
    {"parser_lifecycle", prop_parser_lifecycle},
};
/* In the order of enum mode (the seeds encode it). */
static const pf_mode modes[N_MODES] = {
    {"records", records_setup, records_properties, PF_LEN(records_properties)},
    {"raw", raw_setup, raw_properties, PF_LEN(raw_properties)},
};
static const pf_target csv = {"csv", modes, PF_LEN(modes), NULL};
PF_TARGET(csv)
