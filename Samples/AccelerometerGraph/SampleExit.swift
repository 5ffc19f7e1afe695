/// Why the sample stops early; `main.swift` prints the message as one line and exits with the status.
enum SampleExit: Error {
    /// `--help`: print the usage and exit 0.
    case help
    /// The command line is wrong (exit 2).
    case usage(String)
    /// The recording cannot be used (exit 1).
    case failure(String)
}
