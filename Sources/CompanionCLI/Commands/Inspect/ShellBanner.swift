import TerminalKit

/// The two lines the interactive shell greets a person with: which store is open and how, and
/// how to use the prompt.
///
/// Each line is wrapped at spaces to the terminal's width (a path longer than a whole line is
/// cut between characters), so no row is ever left for the terminal to wrap mid-word; at 80
/// columns the usage line fits on one row.
enum ShellBanner {
    /// The usage line: 77 columns, so it fits an 80-column terminal whole.
    static let usage = "End SQL with ';'. .help lists the dot-commands. Ctrl-C cancels, Ctrl-D quits."

    /// The banner for the store at `path`, wrapped to `width` columns, ending with a newline.
    static func text(storePath path: String, readsOriginalInPlace: Bool, width: Int) -> String {
        let store = "companion inspect shell: \(path) (read-only" + (readsOriginalInPlace ? ")" : ", a private copy)")
        let wrapper = TextWrapper(width: max(width, 1))
        let lines = wrapper.wrap([[StyledSpan(TerminalSanitizer.sanitize(store))], [StyledSpan(usage)]])
        return lines.map(\.plainText).joined(separator: "\n") + "\n"
    }
}
