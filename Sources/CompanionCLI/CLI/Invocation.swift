import Foundation
import TerminalKit

/// How a command printed for the user to copy is spelled, so it works as printed.
enum Invocation {
    /// `companion ARGUMENTS` when an executable `companion` is on `PATH`; else the path of this
    /// very `companion` when it runs from outside a build folder (installed somewhere not on
    /// `PATH`); else `swift run companion ARGUMENTS` (a clone that was built but not installed).
    static func companion(_ arguments: String) -> String {
        RunnableCommand.spelled("companion", arguments, runningExecutable: RunnableCommand.currentExecutable)
    }
}
