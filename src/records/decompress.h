#pragma once
// Compressed input, known by its magic bytes (zstd, gzip, bzip2): a
// ByteStream that decompresses another on the fly, through fixed buffers,
// so memory stays constant however large the archive (games.pgn.zst).
#include <memory>

#include "records/line_source.h"

namespace gamerec {

// `raw` itself when its content is not compressed, else a stream of the
// decompressed bytes. Reads the first few bytes of `raw` to tell. With
// `cancel`, the decompressed stream reads no further once it is requested:
// a small input may inflate without end.
std::unique_ptr<ByteStream> decompressing(std::unique_ptr<ByteStream> raw, const ReadCancel* cancel = nullptr);

}  // namespace gamerec
