/* Chunks as a read handle: a stream reader that pulls its bytes through
 * a callback sees them arrive in the drawn pieces (batch_stream's). */
#include "bin_internal.h"

#include <string.h>

void pf_bin_chunks_init(pf_bin_chunks *h, const uint8_t *data, const size_t *sizes,
                        size_t n_chunks)
{
    *h = (pf_bin_chunks){data, sizes, n_chunks, 0, 0};
}

ssize_t pf_bin_chunks_read(void *handle, void *buf, size_t count)
{
    pf_bin_chunks *h = handle;
    if (h->at == h->n)
        return 0;
    size_t left = h->sizes[h->at] - h->off, take = left < count ? left : count;
    memcpy(buf, h->data, take);
    h->data += take, h->off += take;
    if (h->off == h->sizes[h->at])
        h->at++, h->off = 0;
    return (ssize_t)take;
}
