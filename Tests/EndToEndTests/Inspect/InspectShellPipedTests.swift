import Foundation
import TestSupport
import Testing

/// The shell with standard input not a terminal: no prompt or banner, one line at a time, `-bail`.
@Suite struct InspectShellPipedTests {
    private func run(_ input: String, _ extra: [String] = []) throws -> ProcessOutcome {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect([InspectFixtures.recipes, "shell", "--csv"] + extra, input: input)
        #expect(try fixtures.leftoversInTemporaryDirectory() == [])
        return outcome
    }

    @Test func queriesAndDotCommandsRunWithoutPromptOrBanner() throws {
        let outcome = try run(
            "SELECT count(*) AS n\n  FROM ZRECIPE;\n.rows Recipe --limit 1 --line\nPRAGMA table_info(ZRECIPE);\n")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("n\r\n3\r\n"))
        #expect(outcome.standardOutput.contains("objectID = Recipe/p1"))
        #expect(outcome.standardOutput.contains("ZTHUMBNAILIMAGE"))
        #expect(!outcome.standardOutput.contains("inspect>"))
        #expect(!outcome.standardOutput.contains("Ctrl-D"))
    }

    @Test func anythingThatWritesIsRefusedByTheAuthorizer() throws {
        let outcome = try run(
            "DELETE FROM ZRECIPE;\nPRAGMA journal_mode = DELETE;\nATTACH 'x.db' AS x;\nCREATE TABLE t (x);\nSELECT count(*) FROM ZRECIPE;\n"
        )
        #expect(outcome.status == 1)
        let errors = outcome.standardError.split(separator: "\n")
        #expect(errors.count == 4, "\(outcome.standardError)")
        #expect(errors.allSatisfy { $0.contains("not authorized") || $0.contains("only reads") })
        #expect(outcome.standardOutput.hasSuffix("3\r\n"))
    }

    @Test func aRefusedStatementIsOneLineNamingTheStatementAndWhy() throws {
        let outcome = try run("DELETE FROM ZRECIPE;\nPRAGMA journal_mode = DELETE;\n")
        #expect(outcome.status == 1)
        let errors = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(
            errors == [
                "companion: DELETE FROM ZRECIPE;: refused: the shell only reads (SELECT, WITH … SELECT and "
                    + "reading PRAGMAs); this statement would change the store or reach outside it",
                "companion: PRAGMA journal_mode = DELETE;: refused: the shell only reads (SELECT, WITH … SELECT "
                    + "and reading PRAGMAs); this statement would change the store or reach outside it",
            ])
    }

    @Test func anSQLErrorNamesTheStatementOnOneLine() throws {
        let outcome = try run("SELEC 1;\nSELECT *\n  FROM nowhere;\n")
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "companion: SELEC 1;: near \"SELEC\": syntax error\n"
                + "companion: SELECT * FROM nowhere;: no such table: nowhere\n")
    }

    @Test func extraWordsAfterTheEntitySayWhatToQuote() throws {
        let outcome = try run(".rows Recipe --where name == 1\n.rows\n")
        #expect(outcome.status == 1)
        let errors = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(errors.count == 2, "\(outcome.standardError)")
        #expect(errors.first?.hasPrefix("companion: rows: unexpected '==' '1' after 'Recipe'") == true)
        #expect(errors.first?.contains("quote an option's value that has spaces") == true)
        #expect(errors.last == "companion: rows: name one: rows ENTITY")
    }

    @Test func anUnclosedQuoteInADotCommandIsAnError() throws {
        let outcome = try run(
            ".rows Recipe --where \"name BEGINSWITH 'R'\n.rows Recipe --limit 1 --where \"name BEGINSWITH 'R'\"\n")
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "companion: .rows: the \" quote opened in this line is never closed\n")
        #expect(outcome.standardOutput.contains("Recipe/p1"))
    }

    @Test func aQueryStoppedByTheTimeLimitNamesTheStatementAndTheLimit() throws {
        let outcome = try run(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c;\nSELECT 5 AS five;\n",
            ["--timeout", "0.5"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "companion: WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FRO…: "
                + "stopped after 0.5 s (the inspector's time limit, --timeout; is the store enormous or damaged?)\n")
        #expect(outcome.standardOutput.hasSuffix("five\r\n5\r\n"), "the shell goes on")
    }

    @Test func bailStopsAtTheFirstError() throws {
        let outcome = try run("SELECT 1 AS one;\nSELECT * FROM no_such_table;\nSELECT 2 AS two;\n", ["-bail"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("one"))
        #expect(!outcome.standardOutput.contains("two"))
        #expect(outcome.standardError.contains("no such table: no_such_table"))
    }

    @Test func withoutBailTheShellGoesOnAfterAnError() throws {
        let outcome = try run("SELECT * FROM no_such_table;\nSELECT 2 AS two;\n.nonsense\n")
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("two\r\n2"))
        #expect(outcome.standardError.contains(".nonsense: unknown dot-command"))
    }

    @Test func aLineOfOnlySpacesIsIgnoredLikeAnEmptyOne() throws {
        let outcome = try run("   \n\t \r\n.tables\nSELECT 1 AS one;\n")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("ZRECIPE"))
        #expect(outcome.standardOutput.hasSuffix("one\r\n1\r\n"))
    }

    @Test func theShellFlagReadsAPipedStandardInputAsTheShellDoes() throws {
        let fixtures = try InspectFixtures()
        try fixtures.copyCorpusStore(InspectFixtures.recipes)
        let outcome = try fixtures.inspect(
            [InspectFixtures.recipes, "--shell", "--csv"], input: "SELECT 41 + 1 AS answer;\n")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "answer\r\n42\r\n")
    }

    @Test func anUnknownModeIsNamedInTheError() throws {
        let outcome = try run(".mode xml\n")
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError
                == "companion: .mode: unknown format 'xml' (formats: table, markdown, json, csv, line)\n")
    }

    @Test func exitWithAnArgumentIsRefusedAndTheShellStays() throws {
        let outcome = try run(".exit now\nSELECT 'still here' AS shell;\n")
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "companion: .exit: takes no arguments (to leave, type .exit alone)\n")
        #expect(outcome.standardOutput.contains("still here"))
    }

    @Test func lineModeSeparatesEveryRecordWithABlankLineAsLineOutputDoes() throws {
        let outcome = try run(".mode line\nSELECT 1 AS a;\nSELECT 2 AS a;\n.rows RecipeType --limit 1\n")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(
            outcome.standardOutput
                == "a = 1\n\na = 2\n\nobjectID = RecipeType/p1\n    name = Snack\n recipes = 1\n")
    }

    @Test func csvModeKeepsLineBreaksInsideValues() throws {
        let outcome = try run("SELECT ZINSTRUCTIONS AS i FROM ZRECIPE LIMIT 1;\n")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(!outcome.standardOutput.contains("␊"))
        #expect(
            outcome.standardOutput.hasPrefix(
                "i\r\n\"• Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n• Proin"))
    }
}
