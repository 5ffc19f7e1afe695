import CStandardOutput
import Foundation

extension CompanionCommand {
    /// Runs `companion` as the process: ``main(_:)``, then a check that standard output reached
    /// its file. Returns the status to exit with.
    ///
    /// Standard output is buffered: `accel dump … > /dev/full` (or a full disk) once lost the
    /// output and still exited 0. A write that failed, at the end or earlier, is a failure named
    /// on standard error.
    public static func runAsProcess(_ arguments: [String]) -> Int32 {
        let status = main(arguments)
        let outputError = companion_finish_standard_output()
        guard outputError == 0 else {
            let reason = outputError > 0 ? String(cString: strerror(outputError)) : "a write failed (is the disk full?)"
            printError("companion: standard output: \(reason); the output is incomplete")
            return ExitStatus.failure.rawValue
        }
        return status.rawValue
    }
}
