import CReadline
import Foundation

/// Readline keeps its completion state in C globals and calls plain C functions, so the Swift
/// side of completion lives here as well. Readline is only ever driven from one thread at a time
/// (the shell's), which is what makes these globals safe.
enum CompletionBridge {
    /// The editor's completion callback: `(word being completed, whole line so far) -> candidates`.
    nonisolated(unsafe) static var provider: ((String, String) -> [String])?
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var nextIndex = 0
}

/// Installed as `rl_attempted_completion_function`.
func lineEditorAttemptCompletion(
    _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    // Never fall back to file-name completion: names from the store are what the user wants.
    creadline_set_attempted_completion_over(1)
    guard let text, let provider = CompletionBridge.provider else { return nil }
    let word = String(cString: text)
    let line = creadline_line_buffer().map { String(cString: $0) } ?? ""
    CompletionBridge.candidates = provider(word, line).filter { $0.hasPrefix(word) }
    CompletionBridge.nextIndex = 0
    // Readline lists an ESC in a name as "^[" and other controls its own way; the rest of the
    // product shows them as control pictures ("␛"), so such a list is drawn by the hook instead.
    let needsSanitizing = CompletionBridge.candidates.contains { !TerminalSanitizer.isSafe($0) }
    creadline_set_completion_display_matches_hook(needsSanitizing ? lineEditorDisplayMatches : nil)
    return rl_completion_matches(text, lineEditorNextCompletion)
}

/// Hands readline one candidate per call (`state` 0 starts over); readline frees each string.
func lineEditorNextCompletion(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    if state == 0 { CompletionBridge.nextIndex = 0 }
    guard CompletionBridge.nextIndex < CompletionBridge.candidates.count else { return nil }
    let candidate = CompletionBridge.candidates[CompletionBridge.nextIndex]
    CompletionBridge.nextIndex += 1
    return strdup(candidate)
}

/// Installed as `rl_completion_display_matches_hook` when a candidate holds a control character:
/// lists the matches (`matches[1...count]`; `matches[0]` is their common prefix) as
/// ``TerminalSanitizer`` shows them, in readline's columns, then redraws the prompt and line.
/// Only the list changes: Tab still inserts the name as it is stored.
func lineEditorDisplayMatches(
    _ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int32, _ longest: Int32
) {
    guard let matches, count > 0 else { return }
    let shown = (0...Int(count)).map { index in
        matches[index].map { TerminalSanitizer.sanitize(String(cString: $0)) } ?? ""
    }
    let widest = shown.dropFirst().map { DisplayWidth.of($0) }.max() ?? Int(longest)
    var list: [UnsafeMutablePointer<CChar>?] = shown.map { strdup($0) } + [nil]
    defer { for entry in list { free(entry) } }
    list.withUnsafeMutableBufferPointer { buffer in
        rl_display_match_list(buffer.baseAddress, count, Int32(widest))
    }
    rl_forced_update_display()
}
