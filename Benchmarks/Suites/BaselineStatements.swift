import Foundation
import ObjectGraph

/// The check that the insert's and fetch's baselines run the statements the context runs, word
/// for word: the issue's floor is "the statements the context runs, written by hand in C", and a
/// baseline drifting to a cheaper statement (fewer parameters, fewer columns) would flatter it.
extension ObjectGraphBenchmark {
    /// Inserts two movies and fetches them with ObjectGraph's SQL trace on, and throws unless the
    /// trace's INSERT of a movie is ``RawSQLite/movieInsertSQL`` and its SELECT of the movies is
    /// ``RawSQLite/movieFetchSQL``.
    func checkBaselineStatements() throws {
        let lines = SQLDebugLog.Lines()
        let earlierSink = SQLDebugLog.shared.sink
        SQLDebugLog.shared.sink = lines.append
        SQLDebugLog.shared.level = 1
        defer {
            SQLDebugLog.shared.level = 0
            SQLDebugLog.shared.sink = earlierSink
        }
        let url = fresh("baseline-statements")
        try insertWithObjectGraph(at: url, count: 2)
        let container = try openContainer(at: url)
        _ = try fetchAllWithObjectGraph(container.viewContext, reading: .typed)
        let traced = lines.all.compactMap { line in
            line.hasPrefix(Self.statementPrefix) ? String(line.dropFirst(Self.statementPrefix.count)) : nil
        }
        try require(RawSQLite.movieInsertSQL, among: traced, startingWith: "INSERT INTO ZMOVIE(")
        try require(RawSQLite.movieFetchSQL, among: traced, startingWith: "SELECT 0, t0.Z_PK, t0.Z_OPT, t0.ZNAME")
    }

    /// How Core Data's trace begins a statement's line.
    private static let statementPrefix = "CoreData: sql: "

    /// Throws unless the first traced statement starting with `start` is `expected`.
    private func require(_ expected: String, among traced: [String], startingWith start: String) throws {
        let found = traced.first { $0.hasPrefix(start) }
        guard found == expected else {
            throw RawSQLite.RawError(
                message: "the baseline runs \(expected), but the context now runs \(found ?? "no statement like it")")
        }
    }
}
