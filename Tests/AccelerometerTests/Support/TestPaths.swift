import Foundation
import TestSupport

/// The accelerometer tests' fixture files (see `Fixtures`).
enum TestPaths {
    /// The package root.
    static var packageRoot: URL { PackagePaths.root }

    /// `Tests/Fixtures/iio`.
    static var iioCorpus: URL { Fixtures.iio }

    /// A fixture file's bytes.
    static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Fixtures.iio(name)))
    }

    /// The iio-sensor-proxy scan.
    static let orientationScan = "maemo-leste-upstream-forks__iio-sensor-proxy__orientation-normal.bin"

    /// A fresh temporary directory, removed by the caller with `removeItem`.
    static func temporaryDirectory() throws -> URL { try ScratchDirectory.makeFolder(prefix: "accel-tests") }
}
