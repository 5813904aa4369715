/* Planted bug for strict_errors: csv_error reports a strict-mode parse
 * error as CSV_ENOMEM, so a caller told to retry with more memory would
 * feed the same malformed text again. The rows, the bytes consumed and
 * every other status are unchanged. */
static int planted_error(struct csv_parser *p)
{
    int status = csv_error(p);
    return status == CSV_EPARSE ? CSV_ENOMEM : status;
}
#define csv_error planted_error
