import TerminalKit
import Testing

@testable import TerminalMarkdown

/// A document full of escapes, C1 controls and bidi overrides, in every place text can come from.
@Suite struct HostileInputTests {
    /// Dangerous payloads: the numeric reference cmark turns into a real ESC, raw ESC sequences
    /// (colour, clear screen, OSC title, OSC 8), a C1 CSI, and bidi overrides and isolates.
    static let payloads = [
        "&#27;[31mred&#27;[0m", "\u{1B}[2J\u{1B}[H", "\u{1B}]0;owned\u{07}", "\u{1B}]8;;http://evil\u{1B}\\",
        "\u{9B}31m", "\u{9D}0;t\u{9C}", "\u{202E}gnp.exe\u{202C}", "\u{2066}x\u{2069}", "\u{7F}\u{0}\u{8}",
    ]

    /// The payloads in text, emphasis, code spans, code blocks (with and without a language), link
    /// text, URLs, titles, images, headings, quotes, lists, table cells, HTML and fence info.
    static var document: String {
        payloads.map { payload in
            """
            # Heading \(payload)

            Text \(payload) *emphasis \(payload)* `code \(payload)` [link \(payload)](https://x.org/\(payload) "t\(payload)")
            <https://x.org/\(payload)> ![alt \(payload)](/i\(payload).png) [relative](notes/\(payload).md)

            > quote \(payload)

            - item \(payload)

            ```swift \(payload)
            let s = "\(payload)" // \(payload)
            ```

                indented \(payload)

            | a \(payload) | b |
            |---|---|
            | \(payload) | `\(payload)` |

            <div>\(payload)</div>

            """
        }.joined(separator: "\n")
    }

    @Test(arguments: [false, true])
    func hostileInputNeverReachesTheTerminal(colors: Bool) {
        let options = RenderOptions(width: 60, colors: colors, hyperlinks: true, documentDirectory: "/lessons")
        let output = MarkdownRenderer(options: options).render(Self.document)
        // Remove the renderer's own, well-formed SGR and OSC 8 sequences; nothing dangerous may remain.
        let remaining = colors ? Self.removingOwnSequences(output) : output
        let dangerous = remaining.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        #expect(dangerous.isEmpty, "found \(dangerous.map { String($0.value, radix: 16) })")
        // …and it is shown, not dropped.
        #expect(output.contains("␛[31mred␛[0m"))
        #expect(output.contains("<U+202E>gnp.exe<U+202C>"))
        #expect(output.contains("<U+009B>31m"))
    }

    @Test func hyperlinkTargetsCarryNoControlCharacters() {
        let options = RenderOptions(width: 60, colors: true, hyperlinks: true, documentDirectory: "/lessons")
        let lines = MarkdownRenderer(options: options).lines(for: Self.document)
        for span in lines.flatMap(\.spans) {
            guard let link = span.link else { continue }
            let encoded = Hyperlink.encode(link)
            #expect(encoded.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }, "\(encoded)")
        }
    }

    /// The output with every `ESC [ digits;… m` and `ESC ] 8 ; ; printable-ASCII ESC \` removed.
    static func removingOwnSequences(_ output: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(output.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    index = end + 1
                    continue
                }
            }
            if scalars[index] == "\u{1B}", index + 4 < scalars.count,
                String(String.UnicodeScalarView(scalars[index..<index + 5])) == "\u{1B}]8;;"
            {
                var end = index + 5
                while end < scalars.count, scalars[end].value > 0x20, scalars[end].value < 0x7F { end += 1 }
                if end + 1 < scalars.count, scalars[end] == "\u{1B}", scalars[end + 1] == "\\" {
                    index = end + 2
                    continue
                }
            }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }
}
