import CReadline
import Foundation

extension LineEditor {
    /// Redraws the prompt and the line being typed after the terminal changed size.
    ///
    /// Readline's own redraw (`rl_resize_terminal`) assumes the old rows stayed where they were
    /// drawn. Terminals today — tmux, VTE, Konsole, kitty, iTerm2 — re-wrap them to the new width
    /// instead, so readline cleared too few rows (narrower) or too many (wider) and a fragment of
    /// the old line stayed above the new one. The rows are counted as the terminal re-wrapped them:
    /// the cursor goes up to the prompt's first row, everything below is erased, and readline draws
    /// the line afresh at the new width.
    func redrawAfterResize() {
        var rows: Int32 = 0
        var before: Int32 = 0
        rl_get_screen_size(&rows, &before)
        rl_reset_screen_size()
        var columns: Int32 = 0
        rl_get_screen_size(&rows, &columns)
        // Only the number of rows changed: the line is where it was, nothing to redraw.
        guard columns != before else { return }
        let typed = creadline_line_buffer().map { String(cString: $0) } ?? ""
        let point = min(max(Int(creadline_point()), 0), typed.utf8.count)
        let beforeCursor = String(decoding: typed.utf8.prefix(point), as: UTF8.self)
        // The prompt on screen: ours, or readline's own while it searches the history (Ctrl-R).
        let prompt = creadline_display_prompt().map { Self.visibleText(ofPrompt: String(cString: $0)) }
        let promptWidth = prompt.map { DisplayWidth.of($0) } ?? shownPromptWidth
        let up = Self.rowsAboveCursor(promptWidth: promptWidth, textBeforeCursor: beforeCursor, columns: Int(columns))
        var moves = up > 0 ? "\u{1B}[\(up)A" : ""
        moves += "\r\u{1B}[J"
        var bytes = Array(moves.utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
        rl_forced_update_display()
    }

    /// How many rows above the cursor the prompt starts, on a terminal `columns` wide that wrapped
    /// the prompt and the text before the cursor as one line. Text that fills its last row exactly
    /// leaves the re-wrapped cursor at the end of that row, not at the start of the next.
    ///
    /// Readline shows a control character as `^X` (two columns) and a tab up to the next multiple of
    /// eight; everything else takes its ``DisplayWidth``.
    static func rowsAboveCursor(promptWidth: Int, textBeforeCursor: String, columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        var column = promptWidth
        for character in textBeforeCursor {
            if character == "\t" {
                column += 8 - column % 8
            } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                scalar.value < 0x20 || scalar.value == 0x7F
            {
                column += 2
            } else {
                column += DisplayWidth.of(character)
            }
        }
        return max(column - 1, 0) / columns
    }

    /// A prompt without the parts readline is told take no columns (between `\u{1}` and `\u{2}`).
    static func visibleText(ofPrompt prompt: String) -> String {
        var visible = ""
        var hidden = false
        for scalar in prompt.unicodeScalars {
            if scalar == "\u{1}" {
                hidden = true
            } else if scalar == "\u{2}" {
                hidden = false
            } else if !hidden {
                visible.unicodeScalars.append(scalar)
            }
        }
        return visible
    }
}
