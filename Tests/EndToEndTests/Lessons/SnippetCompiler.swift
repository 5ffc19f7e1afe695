import Foundation
import TestSupport

/// Compiles a lesson's `swift` block against the package's libraries, as built for this test run.
///
/// Each block is a complete program (a `main.swift`: top-level code and declarations). Blocks
/// tagged `swift` are type-checked against the library modules; blocks tagged `swift run` are
/// compiled, linked with the libraries' object files and run, and must exit 0. Nothing is
/// rebuilt: the modules and objects come from the same `.build` folder as this test.
enum SnippetCompiler {
    /// The package's library targets, whose modules a lesson may import.
    static let libraries = [
        "SQLite", "XMLReading", "ObjectGraph", "StoreInspector", "TerminalKit", "TerminalMarkdown", "Accelerometer",
    ]
    /// The system-library targets (module maps) the libraries import.
    static let systemModules = ["CSQLite", "CZlib", "CMark", "CReadline", "CStandardOutput", "CLibXML2"]
    /// The C libraries those link.
    static let linkedLibraries = ["sqlite3", "z", "cmark", "readline", "xml2"]
    /// Where libxml2's headers are (its module map's header includes `<libxml/…>`; SwiftPM finds
    /// the folder through pkg-config, as Debian's libxml2-dev installs it).
    static let headerSearchPaths = ["/usr/include/libxml2"]

    /// Type-checks (or builds and runs, for `swift run`) one snippet.
    /// - Returns: the program's output when it ran.
    @discardableResult
    static func check(_ snippet: LessonSnippet, lesson: String) throws -> String? {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("lesson-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("main.swift")
        try Data(snippet.code.utf8).write(to: source)
        return try compile([source], module: "LessonSnippet", runs: snippet.runs, place: "\(lesson):\(snippet.line)")
    }

    /// Type-checks the Swift files `sources` as the module `module` against the libraries, or,
    /// when `runs`, builds them into a program (one of them a `main.swift`), runs it and returns
    /// its output. `place` names the code in errors; with `strict`, any warning is an error.
    @discardableResult
    static func compile(
        _ sources: [URL], module: String, runs: Bool, place: String, strict: Bool = false
    ) throws -> String? {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("snippet-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let swiftc = Subprocess.which("swiftc") else {
            throw LessonHarnessError.toolFailed("swiftc", "not found on PATH")
        }
        let root = ProductRunner.packageRoot
        let bin = ProductRunner.binDirectory
        var arguments = [
            "-swift-version", "6", "-module-name", module, "-I", bin.appendingPathComponent("Modules").path,
        ]
        if strict { arguments.append("-warnings-as-errors") }
        for module in systemModules {
            arguments += ["-I", root.appendingPathComponent("Sources/\(module)").path]
        }
        for path in headerSearchPaths { arguments += ["-Xcc", "-I" + path] }
        let paths = sources.map(\.path)
        guard runs else {
            let outcome = try Subprocess.run(swiftc, arguments + ["-typecheck"] + paths, directory: directory)
            guard outcome.status == 0 else {
                throw LessonHarnessError.toolFailed("swiftc for \(place)", outcome.output)
            }
            return nil
        }
        let executable = directory.appendingPathComponent("snippet")
        arguments += paths + ["-o", executable.path] + objectFiles(in: bin) + linkedLibraries.map { "-l" + $0 }
        let build = try Subprocess.run(swiftc, arguments, directory: directory)
        guard build.status == 0 else { throw LessonHarnessError.toolFailed("swiftc for \(place)", build.output) }
        let run = try Subprocess.run(executable.path, [], directory: root)
        guard run.status == 0 else {
            throw LessonHarnessError.toolFailed("the program at \(place) (exit \(run.status))", run.output)
        }
        return run.output
    }

    /// The compiled objects of every library target, from the output file map SwiftPM wrote for
    /// this build (the folder may also hold stale objects of files since renamed).
    private static func objectFiles(in bin: URL) -> [String] {
        libraries.flatMap { library -> [String] in
            let map = bin.appendingPathComponent("\(library).build/output-file-map.json")
            guard let data = try? Data(contentsOf: map),
                let entries = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return [] }
            return entries.values.compactMap { ($0 as? [String: Any])?["object"] as? String }.sorted()
        }
    }
}
