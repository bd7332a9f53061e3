/// Why a command failed, with the exit code it maps to.
enum CommandError: Error, CustomStringConvertible {
    /// Bad arguments: printed with a pointer to `--help`, exit 64 (EX_USAGE).
    case usage(String, command: String?)
    /// A file that could not be read or written, or another failure at run time: exit 1.
    case failure(String)

    var description: String {
        switch self {
        case .usage(let message, _): return message
        case .failure(let message): return message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .failure: return 1
        }
    }
}
