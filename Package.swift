// swift-tools-version:6.0
// Core Data Companion: Core Data's ideas on Linux, a store inspector, a lesson reader and an
// accelerometer toolkit for a university iOS course. Depends only on the toolchain and on
// Debian's C libraries (see the Makefile's `deps`).
import PackageDescription

let package = Package(
    name: "CoreDataCompanion",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "StoreInspector", targets: ["StoreInspector"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "TerminalMarkdown", targets: ["TerminalMarkdown"]),
        .library(name: "Accelerometer", targets: ["Accelerometer"]),
        .library(name: "CompanionCLI", targets: ["CompanionCLI"]),
        // What a lesson's program imports to find the samples' models (`companion lessons run`).
        .library(name: "SampleSupport", targets: ["SampleSupport"]),
        .executable(name: "companion", targets: ["companion"]),
        .executable(name: "theater", targets: ["theater"]),
        .executable(name: "books", targets: ["books"]),
        .executable(name: "superdb", targets: ["superdb"]),
        .executable(name: "recipes", targets: ["recipes"]),
        .executable(name: "habr", targets: ["habr"]),
        .executable(name: "accelerometer-graph", targets: ["accelerometer-graph"]),
        .executable(name: "companion-bench", targets: ["companion-bench"]),
        // A student's package adds `plugins: [.plugin(name: "ObjectGraphCodegen", package: "CoreDataCompanion")]`
        // to a target, and the classes of every .xcdatamodeld in it are generated at each build.
        .plugin(name: "ObjectGraphCodegen", targets: ["ObjectGraphCodegenPlugin"]),
        .executable(name: "companion-fuzz", targets: ["companion-fuzz"]),
        .executable(name: "companion-crash-writer", targets: ["companion-crash-writer"]),
    ],
    targets: [
        // MARK: - System libraries (Debian packages, found through pkg-config)
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Linked by name (module.modulemap), not through pkg-config: readline's .pc file adds
        // -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600, which SwiftPM rejects with a warning on every build.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .systemLibrary(name: "CMark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CStandardOutput"),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // MARK: - Libraries, in dependency order (DESIGN.md §2)
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // Untrusted XML (models, libiio contexts) is read with libxml2 itself: Foundation's XMLParser
        // on Linux traps on some hostile documents.
        .target(name: "XMLReading", dependencies: ["CLibXML2"]),
        .target(name: "ObjectGraph", dependencies: ["SQLite", "CZlib", "XMLReading"]),
        .target(name: "TerminalKit", dependencies: ["CReadline"]),
        .target(name: "StoreInspector", dependencies: ["ObjectGraph", "SQLite", "CZlib"]),
        .target(name: "TerminalMarkdown", dependencies: ["TerminalKit", "CMark"]),
        .target(name: "Accelerometer", dependencies: ["XMLReading"]),
        // Swift classes for a model's entities, as Xcode's "Class Definition" code generation writes.
        .target(name: "ObjectGraphCodegen", dependencies: ["ObjectGraph"]),

        // MARK: - The command-line tool: its commands are a library, so tests run them in process
        .target(
            name: "CompanionCLI",
            dependencies: [
                "ObjectGraph", "ObjectGraphCodegen", "StoreInspector", "TerminalKit", "TerminalMarkdown",
                "Accelerometer", "SQLite", "CStandardOutput",
            ]
        ),
        .executableTarget(name: "companion", dependencies: ["CompanionCLI"]),

        // MARK: - The code-generation plugin and the tool it runs at build time
        .executableTarget(name: "objectgraph-codegen", dependencies: ["ObjectGraphCodegen"]),
        .plugin(
            name: "ObjectGraphCodegenPlugin", capability: .buildTool(), dependencies: ["objectgraph-codegen"],
            path: "Plugins/ObjectGraphCodegen"),

        // MARK: - Lecture samples
        // Theater, Books and SuperDB use the classes the package's own plugin generates from their
        // models at each build (`Movie(context:)`), as a student's package does.
        .target(
            name: "SampleSupport", dependencies: ["ObjectGraph", "TerminalKit", "CStandardOutput"],
            path: "Samples/SampleSupport"),
        .executableTarget(
            name: "theater", dependencies: ["ObjectGraph", "SampleSupport", "CStandardOutput"], path: "Samples/Theater",
            resources: [.copy("Theater.xcdatamodeld")], plugins: ["ObjectGraphCodegenPlugin"]
        ),
        .executableTarget(
            name: "books", dependencies: ["ObjectGraph", "SampleSupport", "CStandardOutput"], path: "Samples/Books",
            resources: [.copy("Books.xcdatamodeld")], plugins: ["ObjectGraphCodegenPlugin"]
        ),
        .executableTarget(
            name: "superdb", dependencies: ["ObjectGraph", "SampleSupport", "CStandardOutput"], path: "Samples/SuperDB",
            resources: [.copy("SuperDB.xcdatamodeld")], plugins: ["ObjectGraphCodegenPlugin"]
        ),
        .executableTarget(
            name: "recipes", dependencies: ["ObjectGraph", "SampleSupport", "CStandardOutput"], path: "Samples/Recipes",
            resources: [.copy("Recipes.xcdatamodeld"), .copy("Recipes.sqlite")]
        ),
        .executableTarget(
            name: "habr", dependencies: ["ObjectGraph", "SampleSupport", "CStandardOutput"], path: "Samples/Habr",
            resources: [.copy("Habr.xcdatamodeld")]
        ),
        .executableTarget(
            name: "accelerometer-graph", dependencies: ["Accelerometer", "TerminalKit", "CStandardOutput"],
            path: "Samples/AccelerometerGraph", resources: [.copy("Recordings")]
        ),

        // MARK: - Benchmarks (`make bench`)
        .executableTarget(
            name: "companion-bench",
            dependencies: [
                "ObjectGraph", "SQLite", "CSQLite", "StoreInspector", "TerminalMarkdown", "TerminalKit",
                "Accelerometer",
            ],
            path: "Benchmarks", exclude: ["README.md", "Fuzzing.md"]
        ),

        // MARK: - Reliability: fuzz targets (`make fuzz`) and the kill -9 writer (`make crashtest`)
        // Built normally, companion-fuzz replays files through a target (the regression tests);
        // `make fuzz` builds it again with libFuzzer in a build folder of its own.
        .executableTarget(
            name: "companion-fuzz",
            dependencies: ["ObjectGraph", "StoreInspector", "TerminalMarkdown", "Accelerometer"],
            path: "Fuzz/Sources"
        ),
        .executableTarget(
            name: "companion-crash-writer", dependencies: ["ObjectGraph", "SQLite"], path: "CrashTest/Writer"),

        // MARK: - Tests: one suite per module, plus end-to-end runs of the binaries
        // What every test target shares: the fixture locator, the product runner, clean spawning,
        // scratch folders and golden files.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(
            name: "ObjectGraphTests", dependencies: ["ObjectGraph", "SQLite", "TestSupport"],
            exclude: ["Fetching/Predicate/SQL/Golden"]),
        .testTarget(
            name: "StoreInspectorTests", dependencies: ["StoreInspector", "ObjectGraph", "SQLite", "TestSupport"]),
        .testTarget(
            name: "ObjectGraphCodegenTests", dependencies: ["ObjectGraphCodegen", "ObjectGraph", "TestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TestSupport"]),
        .testTarget(
            name: "CompanionCLITests",
            dependencies: [
                "CompanionCLI", "StoreInspector", "TerminalKit", "TerminalMarkdown", "ObjectGraph", "SQLite",
                "TestSupport",
            ]),
        .testTarget(
            name: "TerminalMarkdownTests", dependencies: ["TerminalMarkdown", "TerminalKit", "TestSupport"],
            exclude: ["Fixtures", "Rendering/Golden"]),
        .testTarget(
            name: "AccelerometerTests", dependencies: ["Accelerometer", "TestSupport"], exclude: ["Plot/Golden"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["ObjectGraph", "SQLite", "TerminalMarkdown", "TestSupport"],
            exclude: ["Theater/Golden", "Inspect/Golden", "Samples/Golden", "Model/Golden"]),
    ]
)
