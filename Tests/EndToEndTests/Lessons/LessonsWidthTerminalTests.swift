import Foundation
import TestSupport
import Testing

/// The reader on a real terminal (tmux): prose wraps, code keeps every character, and no row is
/// one the terminal had to wrap itself.
@Suite struct LessonsWidthTerminalTests {
    /// The code lines of lesson 2's fenced blocks, as written.
    private func codeLines(ofLesson file: String) throws -> [String] {
        let text = try String(
            contentsOf: ProductRunner.packageRoot.appendingPathComponent("Lessons/\(file)"), encoding: .utf8)
        var inFence = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inFence.toggle()
            } else if inFence, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append(String(line))
            }
        }
        return lines
    }

    @Test(arguments: [80, 50])
    func everyCodeLineOfLessonTwoIsShownWholeWithinTheTerminal(columns: Int) throws {
        let screen = try LessonScreen.run(["2"], columns: columns)
        #expect(screen.rows == screen.lines, "the terminal wrapped a row itself")
        #expect(!screen.rows.contains { $0.hasSuffix("›") }, "a code line was cut")
        // Continuation rows (`  ↪ `) joined back onto their line give the code as written.
        var joined: [String] = []
        for row in screen.rows {
            if row.hasPrefix("  ↪ "), let last = joined.popLast() {
                joined.append(last + row.dropFirst(4))
            } else {
                joined.append(row)
            }
        }
        // Spaces are left out of the comparison: the screen drops those that end a row.
        let unspaced = joined.map { $0.filter { $0 != " " } }
        for line in try codeLines(ofLesson: "02-entities-and-attributes.md") {
            let expected = (line.hasPrefix("companion ") ? String(line.dropFirst("companion ".count)) : line)
                .filter { $0 != " " }
            #expect(
                unspaced.contains { $0.hasSuffix(expected) }, "\(columns) columns: not shown whole: \(line)")
        }
        if columns == 50 { #expect(screen.rows.contains { $0.hasPrefix("  ↪ ") }) }
    }

    @Test func devanagariJapaneseAndEmojiProseFitFortyColumns() throws {
        let folder = try ScratchDirectory.makeFolder(prefix: "world-prose")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("world.md")
        try Data(
            """
            हिन्दी भाषा में लिखा गया यह वाक्य किसी भी चौड़ाई पर टर्मिनल से बाहर नहीं जाना चाहिए, क्योंकि मात्राएँ स्तंभ लेती हैं।

            コアデータはオブジェクトグラフを管理します。日本語の文章は単語の間に空白がありませんが、どこでも改行できます。

            Emoji 🙂 in 👩‍💻 prose 🇯🇵 with hearts and 👨‍👩‍👧 families 🎉🎉🎉🎉🎉🎉 must wrap 🚀 too.
            """.utf8
        ).write(to: file)
        let screen = try LessonScreen.run([file.path], columns: 40)
        #expect(screen.rows.count > 6)
        #expect(screen.rows == screen.lines, "the terminal wrapped a row itself: \(screen.rows)")
    }
}
