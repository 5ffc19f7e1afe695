import Foundation
import Testing

@testable import SQLite

/// Collects values from callbacks; the callbacks run synchronously on the test's thread.
private final class Recorder<Value> {
    var values: [Value] = []
}

@Suite struct CallbackTests {
    @Test func traceReportsStatementsAsRunWithExpandedSQL() throws {
        let database = try Database.inMemory()
        let recorder = Recorder<TraceEvent>()
        database.setTraceHandler([.statement], expandingSQL: true) { recorder.values.append($0) }
        try database.execute("CREATE TABLE t (x)")
        try database.execute("INSERT INTO t VALUES (?)", [.text("a'b")])
        #expect(recorder.values.map(\.sql) == ["CREATE TABLE t (x)", "INSERT INTO t VALUES (?)"])
        #expect(recorder.values.last?.expandedSQL == "INSERT INTO t VALUES ('a''b')")
        #expect(recorder.values.allSatisfy { $0.kind == .statement })

        database.removeTraceHandler()
        try database.execute("DELETE FROM t")
        #expect(recorder.values.count == 2)
    }

    @Test func profileEventsCarryADuration() throws {
        let database = try Database.inMemory()
        let recorder = Recorder<TraceEvent>()
        database.setTraceHandler([.profile]) { recorder.values.append($0) }
        try database.execute("SELECT 1")
        #expect(recorder.values.count == 1)
        if case .profile(let nanoseconds)? = recorder.values.first?.kind {
            #expect(nanoseconds >= 0)
        } else {
            Issue.record("expected a profile event")
        }
    }

    @Test func progressHandlerCanStopALongQuery() throws {
        let database = try Database.inMemory()
        let calls = Recorder<Int>()
        database.setProgressHandler(every: 1000) {
            calls.values.append(1)
            return calls.values.count >= 3
        }
        let error = #expect(throws: SQLiteError.self) {
            try database.rows("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c")
        }
        #expect(error?.code == .interrupt)
        #expect(calls.values.count == 3)
        database.setProgressHandler(every: 0, nil)
        #expect(try database.scalar("SELECT 1") == .integer(1))
    }

    @Test func interruptFromAnotherThreadStopsAQuery() throws {
        let database = try Database.inMemory()
        // The progress handler runs while the query runs; it asks another thread to interrupt and
        // waits until that thread has done so, so the test needs no timing.
        let done = DispatchSemaphore(value: 0)
        let requested = Recorder<Bool>()
        database.setProgressHandler(every: 1000) {
            if requested.values.isEmpty {
                requested.values.append(true)
                // A thread of its own: Dispatch's global queue may have no thread free while tests
                // block on it.
                Thread {
                    database.interrupt()
                    done.signal()
                }.start()
                done.wait()
            }
            return false
        }
        let error = #expect(throws: SQLiteError.self) {
            try database.rows("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT count(*) FROM c")
        }
        #expect(error?.code == .interrupt)
    }

    /// Ctrl-C in `companion inspect`'s shell interrupts from a Dispatch queue while the main thread
    /// may be closing the store. Under ThreadSanitizer this reported a data race on the handle
    /// (`interrupt()` reading it as `close()` cleared it), which could hand `sqlite3_interrupt` a
    /// freed connection; run `swift test --sanitize=thread --filter CallbackTests` to check.
    @Test func interruptingFromAnotherThreadWhileTheConnectionClosesIsSafe() throws {
        for _ in 0..<100 {
            let database = try Database.inMemory()
            let started = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            Thread {
                started.signal()
                for _ in 0..<20 { database.interrupt() }
                finished.signal()
            }.start()
            started.wait()
            database.close()
            finished.wait()
            #expect(database.isClosed)
        }
    }

    @Test func authorizerDeniesWritesAndIgnoresColumns() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE t (x, secret); INSERT INTO t VALUES (1, 'hidden')")
        let seen = Recorder<AuthorizerRequest>()
        database.setAuthorizer { request in
            seen.values.append(request)
            switch request.action {
            case .read where request.secondArgument == "secret": return .ignore
            case .select, .read: return .allow
            default: return .deny
            }
        }
        let row = try #require(try database.rows("SELECT x, secret FROM t").first)
        #expect(row[0] == .integer(1))
        #expect(row[1] == .null)
        let error = #expect(throws: SQLiteError.self) { try database.execute("DELETE FROM t") }
        #expect(error?.code == .authorization)
        #expect(seen.values.contains { $0.action == .delete && $0.firstArgument == "t" })
        database.setAuthorizer(nil)
        try database.execute("DELETE FROM t")
    }

    @Test func releasingTheDatabaseReleasesItsCallbacks() throws {
        final class Token {}
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let database = try Database.inMemory()
            database.setTraceHandler { _ in _ = token }
            try database.createFunction("f", argumentCount: 0) { _ in
                _ = token
                return .null
            }
        }
        #expect(weakToken == nil)
    }
}
