// The `companion` command: argument parsing and subcommands, nothing else (DESIGN.md §2).
import Foundation

let status = CompanionCommand.main(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
