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
