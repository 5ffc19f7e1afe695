import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ColorPolicy {
    /// The policy for this process: its environment and whether standard output is a terminal.
    public static func current(flag: Flag?) -> ColorPolicy {
        ColorPolicy(
            flag: flag, environment: ProcessInfo.processInfo.environment,
            isTerminal: isatty(STDOUT_FILENO) == 1)
    }
}
