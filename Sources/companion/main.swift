// The `companion` command: argument parsing and subcommands, nothing else (DESIGN.md §2).
import CStandardOutput
import Foundation

let status = CompanionCommand.main(Array(CommandLine.arguments.dropFirst()))
// Standard output is buffered: `accel dump … > /dev/full` (or a full disk) once lost the output
// and still exited 0. A write that failed, at the end or earlier, is a failure named on standard error.
let outputError = companion_finish_standard_output()
if outputError != 0 {
    let reason = outputError > 0 ? String(cString: strerror(outputError)) : "a write failed (is the disk full?)"
    printError("companion: standard output: \(reason); the output is incomplete")
    exit(ExitStatus.failure.rawValue)
}
exit(status.rawValue)
