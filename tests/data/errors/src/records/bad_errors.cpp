// A fixture for cmake/check_errors.cmake: each of the failure shapes it
// refuses, one a line. Never compiled.
Result<Bytes, std::string> open_text(const std::string& path);
Result<Bytes, std::error_code> open_bytes(const std::string& path);
std::string error() const override { return error_; }
struct WriteFailure : std::runtime_error {
} catch (const WriteFailure& e) {
