import Foundation
import TestSupport
import Testing

/// The shell on a real terminal (tmux), typed into as a person does.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux (make deps installs it)"))
struct InspectShellTerminalTests {
    @Test func aPersonCanQueryCompleteCancelAndLeave() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let state = fixtures.path + "/state"
        let command = Self.shellCommand(fixtures, stateHome: state)
        let terminal = try TmuxSession(command: command, directory: fixtures.path)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitFor("Ctrl-D quits", thenPrompt: "inspect> ", after: terminal.mark))

        // A query, answered in a box.
        var mark = terminal.mark
        try terminal.type("SELECT count(*) AS n FROM ZRECIPE;")
        try terminal.press("Enter")
        #expect(terminal.waitFor("│ 3 │", thenPrompt: "inspect> ", after: mark))

        // Tab completes a dot-command and an entity name.
        mark = terminal.mark
        try terminal.type(".ro")
        try terminal.press("Tab")
        try terminal.type("Ingr")
        try terminal.press("Tab")
        try terminal.type(" --limit 1")
        try terminal.press("Enter")
        #expect(terminal.waitFor("Ingredient/p1", thenPrompt: "inspect> ", after: mark))

        // Ctrl-C drops a half-typed line and the shell stays.
        mark = terminal.mark
        try terminal.type("SELECT half typed")
        try terminal.press("C-c")
        #expect(terminal.waitFor("^C", after: mark))
        mark = terminal.mark
        try terminal.type("SELECT 41 + 1 AS answer;")
        try terminal.press("Enter")
        #expect(terminal.waitFor("42", thenPrompt: "inspect> ", after: mark))

        // Ctrl-C cancels a query that would never end, and the shell stays. The query streams rows,
        // so the test can see it running before pressing Ctrl-C (a Ctrl-C that arrives before the
        // line is read is, as in any terminal program, a cancelled line instead).
        mark = terminal.mark
        try terminal.type("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;")
        try terminal.press("Enter")
        #expect(terminal.waitFor("│ 300 │", after: mark))
        try terminal.press("C-c")
        #expect(terminal.waitFor("interrupted", thenPrompt: "inspect> ", after: mark))
        mark = terminal.mark
        try terminal.type("SELECT 'still here' AS shell;")
        try terminal.press("Enter")
        // Keys pressed before readline owns the terminal again would be read in cooked mode; wait for the prompt.
        #expect(terminal.waitFor("still here", thenPrompt: "inspect> ", after: mark))
        #expect(try terminal.capture().contains("│ still here │"))

        // Ctrl-D leaves cleanly; history was saved, the private copy removed.
        mark = terminal.mark
        try terminal.press("C-d")
        #expect(terminal.waitFor("SHELL-EXITED-0", after: mark), "\((try? terminal.capture()) ?? "")")
        let history = try String(contentsOfFile: state + "/companion/history", encoding: .utf8)
        #expect(history.contains("SELECT 41 + 1 AS answer;"))
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
    }

    @Test func theLastSessionsHistoryComesBackAndTabCompletesTablesAndAttributes() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let state = fixtures.path + "/state"
        let command = Self.shellCommand(fixtures, stateHome: state)

        // First session: a table name and an attribute name completed with Tab, a write refused.
        do {
            let terminal = try TmuxSession(command: command, directory: fixtures.path)
            defer { terminal.close() }
            try terminal.start()
            #expect(terminal.waitFor("Ctrl-D quits", thenPrompt: "inspect> ", after: terminal.mark))
            var mark = terminal.mark
            try terminal.type("SELECT ZNAME FROM ZRECIPET")
            try terminal.press("Tab")
            try terminal.type("ORDER BY ZNAME LIMIT 1;")
            try terminal.press("Enter")
            #expect(terminal.waitFor("SELECT ZNAME FROM ZRECIPETYPE ORDER BY", after: mark))
            #expect(terminal.waitFor("│ ZNAME", thenPrompt: "inspect> ", after: mark))
            mark = terminal.mark
            try terminal.type(".rows Recipe --limit 1 --sort prepT")
            try terminal.press("Tab")
            try terminal.press("Enter")
            #expect(terminal.waitFor(".rows Recipe --limit 1 --sort prepTime", after: mark))
            #expect(terminal.waitFor("Recipe/p2", thenPrompt: "inspect> ", after: mark), "\"10 min\" sorts first")
            mark = terminal.mark
            try terminal.type("DELETE FROM ZRECIPE;")
            try terminal.press("Enter")
            #expect(terminal.waitFor("refused: the shell only reads", thenPrompt: "inspect> ", after: mark))
            mark = terminal.mark
            try terminal.press("C-d")
            #expect(terminal.waitFor("SHELL-EXITED-0", after: mark))
        }

        // Second session (its own terminal's files in another folder): Up brings back the last line
        // typed in the first one.
        let again = fixtures.path + "/again"
        try FileManager.default.createDirectory(atPath: again, withIntermediateDirectories: true)
        let terminal = try TmuxSession(command: "cd .. && " + command, directory: again)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitFor("Ctrl-D quits", thenPrompt: "inspect> ", after: terminal.mark))
        var mark = terminal.mark
        try terminal.press("Up")
        try terminal.press("Enter")
        #expect(terminal.waitFor("refused: the shell only reads", thenPrompt: "inspect> ", after: mark))
        mark = terminal.mark
        try terminal.press("C-d")
        #expect(terminal.waitFor("SHELL-EXITED-0", after: mark))
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
        let history = try String(contentsOfFile: state + "/companion/history", encoding: .utf8)
        #expect(history.contains("SELECT ZNAME FROM ZRECIPETYPE ORDER BY ZNAME LIMIT 1;"))
    }

    /// Ctrl-D at the continuation prompt used to quit and drop what was typed without a word.
    @Test(arguments: [
        ("SELECT 'typed' || ' then quit' AS last", "typed then quit"),  // SQLite can finish it
        ("SELECT (1", "incomplete input"),  // it cannot, and says so
    ])
    func ctrlDAfterAnUnfinishedStatementRunsItAsPipedInputWould(statement: String, shown: String) throws {
        let fixtures = try InspectFixtures()
        let terminal = try startRecipesShell(fixtures)
        defer { terminal.close() }
        let mark = terminal.mark
        try terminal.type(statement)
        try terminal.press("Enter")
        #expect(terminal.waitFor("...> ", after: mark))
        try terminal.press("C-d")
        #expect(terminal.waitFor("SHELL-EXITED", after: mark), "\((try? terminal.capture()) ?? "")")
        #expect(terminal.transcript[mark...].contains(shown), "\(terminal.transcript[mark...])")
    }

    @Test func aLineOfOnlySpacesStartsNoStatement() throws {
        let fixtures = try InspectFixtures()
        let terminal = try startRecipesShell(fixtures)
        defer { terminal.close() }
        let mark = terminal.mark
        try terminal.type("   ")
        try terminal.press("Enter")
        try terminal.type(".tables")
        try terminal.press("Enter")
        #expect(
            terminal.waitFor("ZRECIPETYPE", thenPrompt: "inspect> ", after: mark), "\((try? terminal.capture()) ?? "")")
        #expect(!terminal.transcript[mark...].contains("...>"))
        try quit(terminal)
    }

    @Test func ctrlCEndsTheLineAfterWhatWasTypedAndOneTabListsTheTablesAPrefixFits() throws {
        let fixtures = try InspectFixtures()
        // No inputrc of the machine's: what readline does is the shell's own setting.
        let terminal = try startRecipesShell(fixtures, prefix: "env INPUTRC=/dev/null ")
        defer { terminal.close() }
        var mark = terminal.mark
        try terminal.type("SELECT half typed")
        // Ctrl-C flushes keys the program has not read yet: press it once all are echoed.
        #expect(terminal.waitFor("SELECT half typed", after: mark))
        try terminal.press("C-c")
        #expect(terminal.waitFor("^C", thenPrompt: "inspect> ", after: mark))
        let screen = try terminal.capture()
        #expect(screen.contains("inspect> SELECT half typed^C\ninspect>"), "\(screen)")
        #expect(!screen.contains("^Cspect>"))

        mark = terminal.mark
        try terminal.type("SELECT count(*) AS n FROM ZRE")
        try terminal.press("Tab")
        #expect(terminal.waitFor("ZRECIPETYPE", after: mark), "\((try? terminal.capture()) ?? "")")
        try terminal.type(" ;")
        try terminal.press("Enter")
        #expect(terminal.waitFor("│ 3 │", thenPrompt: "inspect> ", after: mark))
        try quit(terminal)
    }

    /// Started by a program that left descriptors 3…1100 open, the shell's own pipes are numbered
    /// above 1023, past the end of select's fd_set: marking them there wrote beyond it (a crash
    /// in a debug build, a stack overwrite in a release build; AddressSanitizer reported it).
    @Test func aShellStartedWithManyDescriptorsOpenReadsCancelsAndResizes() throws {
        let fixtures = try InspectFixtures()
        let fill =
            "ulimit -Sn 2048 2>/dev/null; i=3; "
            + "while [ $i -le 1100 ]; do eval \"exec $i</dev/null\" || break; i=$((i+1)); done; exec \"$@\""
        let terminal = try startRecipesShell(fixtures, prefix: "bash -c \(TmuxSession.quoted(fill)) bash ")
        defer { terminal.close() }
        var mark = terminal.mark
        try terminal.type("SELECT count(*) AS n FROM ZRECIPE;")
        try terminal.press("Enter")
        #expect(terminal.waitFor("│ 3 │", thenPrompt: "inspect> ", after: mark))

        mark = terminal.mark
        try terminal.type("SELECT half typed")
        #expect(terminal.waitFor("SELECT half typed", after: mark))
        try terminal.press("C-c")
        #expect(terminal.waitFor("^C", thenPrompt: "inspect> ", after: mark))

        try terminal.resize(columns: 60)
        mark = terminal.mark
        try terminal.type("SELECT 41 + 1 AS answer;")
        try terminal.press("Enter")
        #expect(terminal.waitFor("42", thenPrompt: "inspect> ", after: mark))
        try quit(terminal)
    }

    @Test func tablesFollowTheTerminalWhenItIsResized() throws {
        let fixtures = try InspectFixtures()
        let terminal = try startRecipesShell(fixtures, prefix: "env -u COLUMNS ")
        defer { terminal.close() }
        // 100 zeros fit the 120 columns the session starts with.
        let query = "SELECT hex(zeroblob(50)) AS zeros;"
        var mark = terminal.mark
        try terminal.type(query)
        try terminal.press("Enter")
        let whole = "│ " + String(repeating: "0", count: 100) + " │"
        #expect(terminal.waitFor(whole, thenPrompt: "inspect> ", after: mark))

        try terminal.resize(columns: 60)
        mark = terminal.mark
        try terminal.type(query)
        try terminal.press("Enter")
        // 60 columns: the box's frame takes 4, so 55 zeros and the cut mark.
        let cut = "│ " + String(repeating: "0", count: 55) + "… │"
        #expect(terminal.waitFor(cut, thenPrompt: "inspect> ", after: mark), "\((try? terminal.capture()) ?? "")")
        try quit(terminal)
    }

    @Test func theLineBeingTypedIsRedrawnAtTheNewWidthWhenTheTerminalIsResized() throws {
        let fixtures = try InspectFixtures()
        let terminal = try startRecipesShell(fixtures, prefix: "env -u COLUMNS ")
        defer { terminal.close() }
        let query =
            "SELECT '" + String(repeating: "a", count: 40) + "' AS a, '" + String(repeating: "b", count: 40) + "' AS b"
        var mark = terminal.mark
        try terminal.type(query)
        #expect(terminal.waitFor("AS b", after: mark))

        // Narrower: readline learns the new width and draws the line again, from its prompt.
        mark = terminal.mark
        try terminal.resize(columns: 40)
        #expect(terminal.waitFor("inspect> ", after: mark), "no redraw after the resize")
        // Editing at the start of the line puts the text where the new width says it is.
        try terminal.press("C-a")
        try terminal.type("X")
        let narrow = try terminal.waitForScreen { Self.typedLine(on: $0) == "inspect> X" + query }
        #expect(narrow.held, "\(narrow.screen)")
        // No fragment of the line as it was drawn at 120 columns is left above it.
        #expect(
            narrow.screen.split(separator: "\n").filter { $0.hasPrefix("inspect> ") }.count == 1, "\(narrow.screen)")

        // Wider again, with the cursor in the middle of the line.
        try terminal.press("C-e")
        try terminal.press("M-b")
        mark = terminal.mark
        try terminal.resize(columns: 70)
        #expect(terminal.waitFor("inspect> ", after: mark), "no redraw after the resize")
        try terminal.type("Y")
        let expected = "inspect> X" + query.dropLast(1) + "Yb"
        let wide = try terminal.waitForScreen { Self.typedLine(on: $0) == expected }
        #expect(wide.held, "\(wide.screen)")
        #expect(wide.screen.split(separator: "\n").filter { $0.hasPrefix("inspect> ") }.count == 1, "\(wide.screen)")
        try terminal.press("C-e")
        try terminal.press("C-u")
        try quit(terminal)
    }

    @Test func aResizeDuringAHistorySearchRedrawsTheSearchOnce() throws {
        let fixtures = try InspectFixtures()
        let terminal = try startRecipesShell(fixtures, prefix: "env -u COLUMNS ")
        defer { terminal.close() }
        // The match "zq" starts 18 characters in: after the 25-column search prompt it is on the
        // second row at 40 columns; counted after "inspect> " it would be on the first.
        let query = "SELECT 1 AS one, 'zq" + String(repeating: "a", count: 60) + "' AS x;"
        var mark = terminal.mark
        try terminal.type(query)
        try terminal.press("Enter")
        #expect(terminal.waitFor("AS x", thenPrompt: "inspect> ", after: mark))
        // Ctrl-R shows readline's own, wider prompt: the rows are counted from it, not from ours.
        try terminal.press("C-r")
        try terminal.type("zq")
        #expect(try terminal.waitForScreen { $0.contains("(reverse-i-search)`zq': SELECT") }.held)
        mark = terminal.mark
        try terminal.resize(columns: 40)
        #expect(terminal.waitFor("(reverse-i-search)", after: mark), "no redraw after the resize")
        let screen = try terminal.waitForScreen { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("(reverse-i-search)") } && screen.contains("AS x;")
        }
        #expect(screen.held, "\(screen.screen)")
        #expect(
            screen.screen.split(separator: "\n").filter { $0.hasPrefix("(reverse-i-search)") }.count == 1,
            "\(screen.screen)")
        try terminal.press("C-g")
        try quit(terminal)
    }

    @Test(arguments: [80, 40, 24])
    func theBannerFitsTheTerminalAndIsWrappedAtSpacesNotByTheTerminal(_ columns: Int) throws {
        let fixtures = try InspectFixtures()
        let terminal = try startRecipesShell(fixtures, prefix: "env -u COLUMNS ", columns: columns)
        defer { terminal.close() }
        let screen = try terminal.capture()
        let rows = Self.trimmedRows(screen)
        // The terminal wrapped nothing: joining the rows it wrapped changes no row.
        #expect(Self.trimmedRows(try terminal.capture(joined: true)) == rows, "\(screen)")
        #expect(rows.allSatisfy { $0.count <= columns }, "\(screen)")
        // Words stay whole: the usage line comes back when the banner's rows are joined with spaces.
        let usage = "End SQL with ';'. .help lists the dot-commands. Ctrl-C cancels, Ctrl-D quits."
        #expect(rows.joined(separator: " ").contains(usage), "\(screen)")
        if columns >= 80 { #expect(rows.contains(usage)) }
        try quit(terminal)
    }

    @Test func tabListsANameWithAnEscapeAsTheControlPictureAndCompletesTheRealName() throws {
        let fixtures = try InspectFixtures()
        try fixtures.makeDatabase(
            "hostile.sqlite",
            [
                "CREATE TABLE \"ZBAD\u{1B}[31mRED\" (Z_PK INTEGER PRIMARY KEY)",
                "CREATE TABLE ZBADOTHER (Z_PK INTEGER PRIMARY KEY)",
                "CREATE TABLE \"ZONLY\u{1B}X\" (Z_PK INTEGER PRIMARY KEY)",
            ])
        let command =
            "env INPUTRC=/dev/null "
            + Self.shellCommand(fixtures, stateHome: fixtures.path + "/state", store: "hostile.sqlite")
        let terminal = try TmuxSession(command: command, directory: fixtures.path)
        defer { terminal.close() }
        try terminal.start()
        #expect(terminal.waitFor("quits.", thenPrompt: "inspect> ", after: terminal.mark))

        // The list of matches shows the ESC as TerminalSanitizer does everywhere else.
        var mark = terminal.mark
        try terminal.type("SELECT count(*) AS n FROM ZBA")
        try terminal.press("Tab")
        let listed = try terminal.waitForScreen { $0.contains("ZBADOTHER") }
        #expect(listed.held, "\(listed.screen)")
        #expect(listed.screen.contains("ZBAD\u{241B}[31mRED"), "\(listed.screen)")
        #expect(!listed.screen.contains("^["), "\(listed.screen)")
        try terminal.press("C-e")
        try terminal.press("C-u")

        // A single match is inserted as it is stored: the query finds the table (quoted, as SQL
        // wants a name with an ESC; the space readline adds after a whole name is taken back).
        mark = terminal.mark
        try terminal.type("SELECT count(*) AS n FROM \"ZON")
        try terminal.press("Tab")
        try terminal.press("BSpace")
        try terminal.type("\";")
        try terminal.press("Enter")
        #expect(terminal.waitFor("│ 0 │", thenPrompt: "inspect> ", after: mark), "\((try? terminal.capture()) ?? "")")
        try quit(terminal)
    }

    /// The rows of `screen` without their trailing spaces, the empty rows at its end left out.
    private static func trimmedRows(_ screen: String) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop { $0 == " " }.reversed())
        }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    /// The prompt's line on `screen` with the rows the terminal wrapped it into joined again.
    private static func typedLine(on screen: String) -> String? {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = rows.lastIndex(where: { $0.hasPrefix("inspect> ") }) else { return nil }
        return rows[start...].prefix { !$0.isEmpty }.joined()
    }

    /// The Recipes store's shell on a new terminal (`prefix` goes before the command, `env …`),
    /// once its first prompt is up: keys typed before it would be echoed by the terminal, not
    /// by readline. The caller closes the session.
    private func startRecipesShell(
        _ fixtures: InspectFixtures, prefix: String = "", columns: Int = 120
    ) throws -> TmuxSession {
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let command = prefix + Self.shellCommand(fixtures, stateHome: fixtures.path + "/state")
        let terminal = try TmuxSession(command: command, directory: fixtures.path, columns: columns)
        try terminal.start()
        // The banner's last word: a narrow terminal has the line before it wrapped.
        #expect(terminal.waitFor("quits.", thenPrompt: "inspect> ", after: terminal.mark))
        return terminal
    }

    /// Ctrl-D at the prompt, and the shell exits with status 0.
    private func quit(_ terminal: TmuxSession) throws {
        let mark = terminal.mark
        try terminal.press("C-d")
        #expect(terminal.waitFor("SHELL-EXITED-0", after: mark))
    }

    /// The command line that opens the Recipes store's shell with its private temporary and state
    /// folders, for a tmux session.
    private static func shellCommand(
        _ fixtures: InspectFixtures, stateHome: String, store: String = InspectFixtures.recipes
    ) -> String {
        let binary = ProductRunner.binDirectory.appendingPathComponent("companion").path
        return
            "env TMPDIR=\(TmuxSession.quoted(fixtures.temporary.path)) XDG_STATE_HOME=\(TmuxSession.quoted(stateHome)) "
            + "NO_COLOR=1 TERM=xterm \(TmuxSession.quoted(binary)) inspect \(TmuxSession.quoted(store)) shell"
    }
}
