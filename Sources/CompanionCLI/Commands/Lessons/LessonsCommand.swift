import Foundation
import TerminalKit
import TerminalMarkdown

/// `companion lessons`: read the course's lessons in the terminal.
enum LessonsCommand: Subcommand {
    static var name: String { CompanionSubcommand.lessons.name }
    static let summary = "read the course's lessons in the terminal"
    static let usage = """
        usage: companion lessons [options]                  list the lessons
               companion lessons [options] N|SLUG|FILE.md|-  show a lesson, a Markdown file or standard input
               companion lessons [options] next|prev        the lesson after/before the last one read
               companion lessons [options] search WORDS...  lessons containing every word, matches highlighted
               companion lessons run N [BLOCK] [--package DIR]
                                                    build and run the lesson's swift run blocks (or one)

        options:
          --toc                 print the lesson's headings instead of the lesson
          --width N             page width in columns (default: COLUMNS, else the terminal, else 80)
          --color WHEN          always, never or auto (default; NO_COLOR, CLICOLOR_FORCE, FORCE_COLOR,
                                TERM=dumb and CLICOLOR=0 are honoured)
          --plain               no colour or escape sequences at all (the same as --color never)
          --no-pager            never page; by default a terminal gets $PAGER or 'less -R -F -K'
          --package DIR         for run: the checkout to build against (default: the current
                                folder, else the package this companion was built from)

        run builds each block in DIR/.build/lesson-programs, a package that depends on the checkout: the
        first build takes minutes, later ones seconds. The reader prints the command above each block.
        Lessons are read from LESSONS_PATH, else <prefix>/share/companion/Lessons, else ./Lessons,
        else the Lessons folder of the package a build-folder companion was built from.
        The last lesson read is remembered in $XDG_STATE_HOME/companion (default ~/.local/state).
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> ExitStatus {
        var list = ArgumentList(arguments)
        let toc = list.flag("--toc")
        let plain = list.flag("--plain")
        let noPager = list.flag("--no-pager")
        let width = try list.integerOption("--width", in: 1...10_000)
        let colorText = try list.option("--color")
        let package = try list.option("--package")
        let positionals = try list.positionals()
        var flag: ColorPolicy.Flag?
        if let colorText {
            guard let parsed = ColorPolicy.Flag(rawValue: colorText) else {
                throw .usage("'\(colorText)' is not always, never or auto", subject: "--color")
            }
            flag = parsed
        }
        let output = LessonOutput(width: width, flag: plain ? .never : flag, usePager: !noPager)

        if package != nil, positionals.first != "run" {
            throw .usage("--package is for 'companion lessons run'", subject: "--package")
        }
        switch positionals.first {
        case nil:
            if toc { throw .usage("--toc needs a lesson (companion lessons N --toc)", subject: name) }
            return try listLessons(output)
        case "run"?:
            return try runPrograms(Array(positionals.dropFirst()), package: package)
        case "search"?:
            let words = Array(positionals.dropFirst())
            guard !words.isEmpty else { throw .usage("search needs at least one word", subject: name) }
            return try search(words, output)
        case let selector?:
            guard positionals.count == 1 else {
                throw .usage("one lesson at a time (got \(positionals.joined(separator: " ")))", subject: name)
            }
            return try show(selector, toc: toc, output)
        }
    }

    // MARK: - Finding lessons

    static func catalog() throws(CommandLineError) -> LessonCatalog {
        let environment = ProcessInfo.processInfo.environment
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let located = LessonCatalog.locate(
            environment: environment, executable: executable,
            currentDirectory: FileManager.default.currentDirectoryPath)
        guard let directory = located.directory else {
            throw .failure(LessonError.noLessons(searched: located.searched).description, subject: name)
        }
        do {
            return try LessonCatalog(directory: directory)
        } catch {
            throw .failure(error.description, subject: name)
        }
    }
}
