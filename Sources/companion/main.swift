// The `companion` command. Everything it does is in the CompanionCLI library (DESIGN.md §2), where
// the tests run it in process; this file only hands it the arguments and exits with its status.
import CompanionCLI
import Foundation

exit(CompanionCommand.runAsProcess(Array(CommandLine.arguments.dropFirst())))
