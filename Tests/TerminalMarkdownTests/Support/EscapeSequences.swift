/// Reads the escape sequences in rendered output, to check that every line closes what it opens.
enum EscapeSequences {
    /// What is still open at the end of `line`: a non-default SGR style, an OSC 8 link.
    struct OpenState: Equatable {
        var styled = false
        var linked = false
    }

    /// Follows SGR (`ESC [ … m`) and OSC 8 (`ESC ] 8 ; ; URI ESC \`) sequences through a line.
    /// Returns nil when the line contains any other escape sequence.
    static func stateAtEnd(of line: String) -> OpenState? {
        var state = OpenState()
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}" else {
                index += 1
                continue
            }
            guard index + 1 < scalars.count else { return nil }
            if scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
                guard end < scalars.count, scalars[end] == "m" else { return nil }
                let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                state.styled = !(parameters.isEmpty || parameters == "0")
                index = end + 1
            } else if scalars[index + 1] == "]" {
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == "\u{1B}" && scalars[end + 1] == "\\") { end += 1 }
                guard end + 1 < scalars.count else { return nil }
                let body = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                guard body.hasPrefix("8;;") else { return nil }
                state.linked = body != "8;;"
                index = end + 2
            } else {
                return nil
            }
        }
        return state
    }
}
