import TerminalKit
import Testing

@Suite struct TerminalSizeTests {
    @Test func requestedWidthWins() {
        #expect(
            TerminalSize.pageWidth(
                requested: 42, environment: ["COLUMNS": "100"],
                terminal: { TerminalSize(columns: 120, rows: 40) }) == 42)
    }

    @Test func columnsVariableComesBeforeTheTerminal() {
        #expect(
            TerminalSize.pageWidth(
                requested: nil, environment: ["COLUMNS": "100"],
                terminal: { TerminalSize(columns: 120, rows: 40) }) == 100)
        #expect(
            TerminalSize.pageWidth(
                requested: nil, environment: ["COLUMNS": "wide"],
                terminal: { TerminalSize(columns: 120, rows: 40) }) == 120)
    }

    @Test func withoutATerminalThePageIs80Columns() {
        #expect(TerminalSize.pageWidth(requested: nil, environment: [:], terminal: { nil }) == 80)
    }

    @Test func aPipeHasNoTerminalSize() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        #expect(TerminalSize.of(fileDescriptor: descriptors[1]) == nil)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
