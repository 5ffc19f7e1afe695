/// What one call to ``LineEditor/readLine(prompt:)`` produced.
public enum LineEditorResult: Equatable, Sendable {
    /// The user pressed Return; the line without its newline.
    case line(String)
    /// The user pressed Ctrl-C; the half-typed line was dropped.
    case interrupted
    /// The user pressed Ctrl-D on an empty line, or input ended.
    case endOfInput
}
