import Foundation
import TerminalKit
import TerminalMarkdown

/// Where and how `companion lessons` writes: width, colour, links and the pager, decided once
/// from the options, the environment and whether standard output is a terminal.
struct LessonOutput {
    let width: Int
    let colors: Bool
    let hyperlinks: Bool
    let isTerminal: Bool
    let usePager: Bool
    let environment: [String: String]

    init(width requested: Int?, flag: ColorPolicy.Flag?, usePager: Bool) {
        environment = ProcessInfo.processInfo.environment
        isTerminal = isatty(STDOUT_FILENO) == 1
        width = TerminalSize.pageWidth(requested: requested, environment: environment)
        colors = ColorPolicy(flag: flag, environment: environment, isTerminal: isTerminal).isEnabled
        // OSC 8 only where a terminal will read it; the Linux console shows it as garbage.
        hyperlinks = colors && isTerminal && environment["TERM"] != "linux"
        self.usePager = usePager
    }

    /// The renderer options for a document in `documentDirectory`.
    func renderOptions(documentDirectory: String?) -> RenderOptions {
        RenderOptions(
            width: width, colors: colors, hyperlinks: hyperlinks, documentDirectory: documentDirectory,
            codeOverflow: isTerminal ? .wrap : .keep)
    }

    /// Writes lines to standard output, through the pager when `paged` and on a terminal.
    func write(_ lines: [StyledLine], paged: Bool) {
        let text = lines.encoded(colors: colors, hyperlinks: hyperlinks)
        if paged, usePager, Pager.isWanted(environment: environment, isTerminal: isTerminal),
            Pager(environment: environment).show(text)
        {
            return
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
