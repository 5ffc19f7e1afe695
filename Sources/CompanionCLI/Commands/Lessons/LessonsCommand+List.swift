import TerminalKit
import TerminalMarkdown

extension LessonsCommand {
    /// `companion lessons`: number, title, reading time and samples of every lesson.
    ///
    /// Where every lesson's row fits the width, the titles line up in a column:
    ///
    /// ```text
    ///  1  The Core Data stack                 12 min  theater
    /// ```
    ///
    /// Otherwise (a narrow terminal) each title is wrapped under its number, with the reading time
    /// and samples on a line of their own, so no row is ever wider than the width:
    ///
    /// ```text
    ///  1  The Core Data stack
    ///     12 min  theater
    /// ```
    static func listLessons(_ output: LessonOutput) throws(CommandLineError) -> ExitStatus {
        let catalog = try catalog()
        guard !catalog.lessons.isEmpty else {
            throw .failure("no lessons in \(catalog.directory)", subject: name)
        }
        let numberWidth = String(catalog.lessons.map(\.number).max() ?? 0).count
        let entries = catalog.lessons.map { ListEntry($0, numberWidth: numberWidth) }
        let titleWidth = entries.map(\.titleWidth).max() ?? 0
        let aligned = entries.allSatisfy { $0.alignedWidth(titleWidth: titleWidth) <= output.width }
        let wrapper = TextWrapper(width: output.width)
        var lines: [StyledLine] = []
        for entry in entries {
            lines += aligned ? [entry.alignedRow(titleWidth: titleWidth)] : entry.stackedRows(wrapper)
            if !entry.lesson.summary.isEmpty {
                lines += wrapper.wrap(
                    [[StyledSpan(entry.lesson.summary, style: TextStyle([.dim]))]],
                    firstPrefix: [entry.indent], continuationPrefix: [entry.indent])
            }
        }
        output.write(lines, paged: false)
        return .success
    }
}

/// One lesson's heading in the list: its number, title, reading time and samples as spans.
private struct ListEntry {
    let lesson: Lesson
    let number: StyledSpan
    let title: StyledSpan
    let details: [StyledSpan]
    /// Blank as wide as the number column, for the lines under the title.
    let indent: StyledSpan

    init(_ lesson: Lesson, numberWidth: Int) {
        self.lesson = lesson
        let digits = String(lesson.number)
        number = StyledSpan(digits.leftPadded(to: numberWidth) + "  ", style: TextStyle([.bold], foreground: .cyan))
        title = StyledSpan(lesson.title, style: TextStyle([.bold]))
        var details = [StyledSpan(String(lesson.minutes).leftPadded(to: 3) + " min", style: TextStyle([.dim]))]
        if !lesson.samples.isEmpty {
            details.append(
                StyledSpan("  " + lesson.samples.joined(separator: ", "), style: TextStyle(foreground: .green)))
        }
        self.details = details
        indent = StyledSpan(String(repeating: " ", count: numberWidth + 2))
    }

    /// The title's width as shown (sanitised: an ESC in it is one `␛`).
    var titleWidth: Int { DisplayWidth.of(title.text) }

    /// The columns the one-row form takes when titles are padded to `titleWidth`.
    func alignedWidth(titleWidth: Int) -> Int {
        DisplayWidth.of(number.text) + titleWidth + 2 + details.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }

    /// Number, padded title, reading time and samples on one row.
    func alignedRow(titleWidth: Int) -> StyledLine {
        let padding = String(repeating: " ", count: titleWidth - self.titleWidth)
        return StyledLine([number, title, StyledSpan(padding + "  ")] + details)
    }

    /// The title wrapped under the number, then the reading time and samples, indented.
    func stackedRows(_ wrapper: TextWrapper) -> [StyledLine] {
        // The three columns of "  12 min" before a one- or two-digit time are for lining up only.
        var details = self.details
        details[0] = StyledSpan(String(lesson.minutes) + " min", style: details[0].style)
        return wrapper.wrap([[title]], firstPrefix: [number], continuationPrefix: [indent])
            + wrapper.wrap([details], firstPrefix: [indent], continuationPrefix: [indent])
    }
}

extension String {
    /// The string with spaces in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
