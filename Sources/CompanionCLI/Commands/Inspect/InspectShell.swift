import Foundation
import SQLite
import StoreInspector
import TerminalKit

/// `companion inspect STORE shell`: read-only SQL and dot-commands against the opened store.
///
/// On a terminal: a readline prompt with history in `$XDG_STATE_HOME/companion/history`, tab
/// completion of dot-commands, entity, attribute and table names, Ctrl-C cancelling the running
/// query (`sqlite3_interrupt`) or the half-typed line while the shell stays, Ctrl-D leaving.
/// Otherwise (a pipe or file on stdin): commands are read line by line with no prompt or banner,
/// and `-bail` stops at the first error.
final class InspectShell {
    private let inspection: StoreInspection
    private var options: InspectOptions
    private var output: InspectOutput
    private let interactive: Bool
    private var failed = false
    /// Whether a command has printed something (in `line` mode, the next result starts with a blank line).
    private var printed = false

    /// Every dot-command: the shell's own, then the store commands (for completion and "did you mean").
    static var dotCommands: [String] {
        ShellCommand.allCases.map { "." + $0.rawValue }
            + StoreCommand.allCases.filter(\.isDotCommand).map { "." + $0.name }
    }

    init(inspection: StoreInspection, options: InspectOptions, output: InspectOutput) {
        self.inspection = inspection
        self.options = options
        self.output = output
        interactive = isatty(STDIN_FILENO) == 1
    }

    /// Runs until `.quit`, Ctrl-D or the end of input. Piped, it returns 1 when any command failed
    /// (as `sqlite3` does); a person at the terminal has seen each error already, so that exits 0.
    func run() throws(CommandLineError) -> ExitStatus {
        interactive ? runInteractive() : runPiped()
        output.flush()
        return failed && !interactive ? .failure : .success
    }

    // MARK: - Input loops

    private func runInteractive() {
        let editor = LineEditor(programName: "companion", historyPath: Self.historyPath())
        // Readline ends bracketed paste with "ESC[?2004l CR" when it gives the terminal back, so the
        // "^C" of a cancelled line landed at column 0, over the prompt ("^Cspect>"). Pasted lines
        // are then read one at a time, as typed, which is how the shell reads SQL anyway.
        editor.setVariable("enable-bracketed-paste", to: "off")
        // Tab after "ZRE" inserts "ZRECIPE" and lists ZRECIPE and ZRECIPETYPE at once; by
        // readline's default only a third Tab would list them.
        editor.setVariable("show-all-if-ambiguous", to: "on")
        editor.completion = { [inspection] word, line in Self.completions(for: word, line: line, inspection: inspection)
        }
        let store = inspection.store
        TemporaryCopyRegistry.shared.setInterruptAction {
            store.interrupt()
            editor.interrupt()
        }
        defer { TemporaryCopyRegistry.shared.setInterruptAction(nil) }
        output.write(
            ShellBanner.text(
                storePath: inspection.store.path, readsOriginalInPlace: inspection.store.readsOriginalInPlace,
                width: output.width ?? 80))
        output.flush()
        var pending = ""
        while true {
            inspection.store.clearInterrupt()
            switch editor.readLine(prompt: pending.isEmpty ? "inspect> " : "    ...> ") {
            case .endOfInput:
                // Ctrl-D after an unfinished statement runs what was typed, as piped input and
                // sqlite3 do: SQLite runs it or says what is missing, rather than it vanishing.
                if !pending.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    output.write("\n")
                    execute(pending)
                    output.flush()
                }
                return
            case .interrupted:
                pending = ""
            case .line(let line):
                // A blank line (spaces only, too) is nothing to run, and no start of a statement.
                if pending.isEmpty, Self.isBlank(line) { continue }
                editor.addToHistory(line)
                if pending.isEmpty, line.trimmingCharacters(in: .whitespaces).hasPrefix(".") {
                    if !handle(dotCommand: line) { return }
                } else {
                    pending += (pending.isEmpty ? "" : "\n") + line
                    if ShellSQL.isComplete(pending) {
                        execute(pending)
                        pending = ""
                    }
                }
                output.flush()
            }
        }
    }

    private func runPiped() {
        var pending = ""
        while let line = readLine(strippingNewline: true) {
            if pending.isEmpty, line.trimmingCharacters(in: .whitespaces).hasPrefix(".") {
                if !handle(dotCommand: line) { return }
            } else if !(pending.isEmpty && Self.isBlank(line)) {
                pending += (pending.isEmpty ? "" : "\n") + line
                if ShellSQL.isComplete(pending) {
                    execute(pending)
                    pending = ""
                }
            }
            output.flush()
            if failed && options.bail { return }
        }
        if !pending.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { execute(pending) }
    }

    /// Whether a line holds nothing but spaces, tabs or a carriage return (a file with CRLF line ends).
    static func isBlank(_ line: String) -> Bool {
        line.allSatisfy(\.isWhitespace)
    }

    // MARK: - SQL

    private func execute(_ sql: String) {
        output.separatesNextListing = printed
        defer { printed = printed || output.hasWritten }
        let database = inspection.store.database
        database.setAuthorizer(ShellSQL.authorize)
        defer { database.setAuthorizer(nil) }
        var writer: ListingWriter?
        var wroteRows = false
        var current = sql
        do {
            try inspection.store.run { () throws in
                var remaining = sql.trimmingCharacters(in: .whitespacesAndNewlines)
                while !remaining.isEmpty {
                    // One statement at a time, so each result gets its own listing.
                    let text = Self.firstStatement(of: remaining)
                    current = text
                    remaining = String(remaining.dropFirst(text.count)).trimmingCharacters(in: .whitespacesAndNewlines)
                    let statement = try database.prepare(text)
                    guard statement.isReadOnly else {
                        throw SQLiteError(
                            code: .authorization, message: "not authorized: the inspector shell only reads")
                    }
                    // A query may never end (WITH RECURSIVE): the table is drawn after 256 rows at the
                    // latest, and widens for a later, wider row.
                    var listing = output.tableWriter(
                        columns: statement.columnNames.map { TableColumn($0) }, holding: 256)
                    writer = listing
                    var sawRow = false
                    while try statement.step() {
                        sawRow = true
                        wroteRows = true
                        listing.write((0..<statement.columnCount).map { ShellSQL.cell(statement.value(at: $0)) })
                        writer = listing
                        if output.isClosed { break }
                    }
                    if sawRow || statement.columnCount > 0 { listing.finish() }
                    writer = nil
                }
            }
        } catch {
            // Close a listing that already showed rows; an interrupted query with none shows only the message.
            if wroteRows { writer?.finish() }
            if interactive, case .interrupted = error {
                // The terminal echoed ^C without a newline.
                output.write("\n")
            }
            report(ShellSQL.failure(error, statement: current))
        }
    }

    /// The first statement of `text`, up to and including its terminating `;`.
    static func firstStatement(of text: String) -> String {
        var prefix = ""
        for character in text {
            prefix.append(character)
            if character == ";", ShellSQL.isComplete(prefix) { return prefix }
        }
        return prefix
    }

    // MARK: - Dot-commands

    /// Runs a dot-command; false means leave the shell.
    private func handle(dotCommand line: String) -> Bool {
        var words: [String]
        do throws(CommandLineError) {
            words = try ShellWords.split(line.trimmingCharacters(in: .whitespaces))
        } catch {
            report(error)
            return true
        }
        guard let command = words.first?.lowercased() else { return true }
        words.removeFirst()
        let word = String(command.dropFirst())
        if let storeCommand = StoreCommand(rawValue: word), storeCommand.isDotCommand {
            runStoreCommand(storeCommand, words)
            return true
        }
        guard let shellCommand = ShellCommand(rawValue: word == "q" ? ShellCommand.quit.rawValue : word) else {
            let hint = EditDistance.suggestion(for: command, among: Self.dotCommands)
            report(CommandLineError.usage("unknown dot-command\(hint) (try .help)", subject: command))
            return true
        }
        switch shellCommand {
        case .quit, .exit:
            guard words.isEmpty else {
                report(CommandLineError.usage("takes no arguments (to leave, type \(command) alone)", subject: command))
                return true
            }
            return false
        case .help:
            output.write(Self.help)
        case .mode:
            guard let name = words.first else {
                report(CommandLineError.usage("give a format: \(TableFormat.names)", subject: ".mode"))
                return true
            }
            guard let format = TableFormat(rawValue: name.lowercased()), words.count == 1 else {
                let problem =
                    words.count == 1
                    ? "unknown format '\(name)'"
                    : "give one format, not \(words.count) words"
                report(CommandLineError.usage("\(problem) (formats: \(TableFormat.names))", subject: ".mode"))
                return true
            }
            output.flush()
            options.format = format
            output = InspectOutput(format: format, width: options.width)
        case .width:
            guard let text = words.first, let width = Int(text), width >= 20 else {
                report(CommandLineError.usage("give a width of at least 20 columns", subject: ".width"))
                return true
            }
            output.flush()
            options.width = width
            output = InspectOutput(format: output.format, width: width)
        }
        return true
    }

    private func runStoreCommand(_ command: StoreCommand, _ words: [String]) {
        do throws(CommandLineError) {
            var list = ArgumentList(words)
            var commandOptions = try InspectOptions.parse(&list)
            commandOptions.format = commandOptions.format ?? options.format
            commandOptions.width = commandOptions.width ?? options.width
            commandOptions.timeout = options.timeout
            if commandOptions.expectedPath == nil { commandOptions.expectedPath = options.expectedPath }
            let arguments = try list.positionals()
            let commandOutput =
                commandOptions.format == output.format
                ? output
                : InspectOutput(format: commandOptions.format, width: commandOptions.width)
            commandOutput.separatesNextListing = printed
            defer { printed = printed || commandOutput.hasWritten }
            let runner = StoreCommands(inspection: inspection, options: commandOptions, output: commandOutput)
            _ = try runner.run(command, arguments)
            commandOutput.flush()
        } catch {
            report(error)
        }
    }

    private func report(_ error: any Error) {
        output.flush()
        failed = true
        let text: String
        switch error {
        case let error as CommandLineError: text = error.description
        case let error as InspectorError: text = "companion: " + error.message
        case let error as SQLiteError: text = "companion: SQL error: " + error.message
        default: text = "companion: \(error)"
        }
        printError(TerminalSanitizer.sanitize(text))
    }

    // MARK: - Completion and history

    static func completions(for word: String, line: String, inspection: StoreInspection) -> [String] {
        if line.trimmingCharacters(in: .whitespaces) == word, word.hasPrefix(".") { return dotCommands }
        var names = inspection.schema.filter { $0.type == "table" || $0.type == "view" }.map(\.name)
        if let model = inspection.storeModel?.model {
            names += model.entities.map(\.name)
            names += model.entities.flatMap { $0.properties.map(\.name) }
        }
        names += ["SELECT", "FROM", "WHERE", "ORDER BY", "GROUP BY", "LIMIT", "count(*)", "PRAGMA"]
        return Array(Set(names)).sorted()
    }

    /// `$XDG_STATE_HOME/companion/history`, else `~/.local/state/companion/history`.
    static func historyPath() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/companion/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/companion/history"
    }

    static var help: String {
        HelpText.fitted(
            """
            SQL: any SELECT or reading PRAGMA, ending with ';' (anything that writes is refused).
            \(StoreCommand.shellHelpSection)
            .mode FORMAT             table, markdown, json, csv or line
            .width N                 fit tables to N columns
            .help   .quit            this text; leave (or Ctrl-D)

            """)
    }
}
