import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Medians of repeated runs and peak memory, printed as DESIGN.md §7's BENCH line.
///
/// `base` is the baseline the issue names (hand-written SQLite C calls doing the same work, a
/// plain loop, `cmark`) measured in the same run, so the ratio means something on a shared,
/// noisy machine.
enum Measurement {
    /// Runs `body` once to warm up, then `runs` times, and returns the median in milliseconds.
    static func medianMilliseconds(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var samples: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Runs each side once to warm up, then both `runs` times more, alternating, so a change in
    /// the machine's load (it is shared) weighs on both sides alike; the median of the times each
    /// side returned (in milliseconds). Each side is given the run's number (0 for the warm-up).
    static func pairedMedians(
        runs: Int, ours: (Int) throws -> Double, base: (Int) throws -> Double
    ) throws -> (ours: Double, base: Double) {
        try withoutActuallyEscaping(ours) { ours in
            try withoutActuallyEscaping(base) { base in
                let medians = try interleavedMedians(runs: runs, [ours, base])
                return (medians[0], medians[1])
            }
        }
    }

    /// ``pairedMedians(runs:ours:base:)`` for any number of sides: each side once to warm up,
    /// then one run of each side in turn, `runs` rounds; the median of each side's times (in
    /// milliseconds), in the order the sides were given.
    static func interleavedMedians(runs: Int, _ sides: [(Int) throws -> Double]) throws -> [Double] {
        for side in sides { _ = try side(0) }
        var samples = Array(repeating: [Double](), count: sides.count)
        for index in 1...max(runs, 1) {
            for (number, side) in sides.enumerated() { samples[number].append(try side(index)) }
        }
        return samples.map(median(of:))
    }

    /// The middle of `samples` once sorted (0 when there are none).
    static func median(of samples: [Double]) -> Double {
        samples.isEmpty ? 0 : samples.sorted()[samples.count / 2]
    }

    /// How long `body` took, in milliseconds.
    static func timed(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now()
        try body()
        return milliseconds(from: start)
    }

    /// Resets the kernel's high-water mark of resident memory for this process (Linux ≥ 4.0),
    /// after handing the heap memory earlier cases and suites freed back to the system, so the
    /// peak measured next is what the case itself holds, not what malloc kept in its free lists.
    static func resetPeakMemory() {
        returnFreedMemory()
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Returns freed heap memory to the system (glibc keeps it resident until trimmed).
    static func returnFreedMemory() {
        #if canImport(Glibc)
            // `malloc_trim` is glibc's own (malloc.h, which the Glibc module leaves out): look it up.
            typealias Trim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
                _ = unsafeBitCast(symbol, to: Trim.self)(0)
            }
        #endif
    }

    /// The peak resident memory (VmHWM) since the last reset, in MiB.
    static func peakMemoryMiB() -> Double {
        statusMiB("VmHWM:")
    }

    /// The resident memory (VmRSS) now, in MiB: the floor a case's peak is measured above.
    static func residentMemoryMiB() -> Double {
        statusMiB("VmRSS:")
    }

    /// The value of one kilobyte line of /proc/self/status (`VmHWM:   83968 kB`), in MiB.
    private static func statusMiB(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
        return 0
    }

    /// Prints one BENCH line:
    /// `BENCH suite/case ours_ms=… base_ms=… ratio=… runs=n [peak_mb=…] [floor_mb=…]`.
    static func report(
        suite: String, name: String, ours: Double, base: Double, runs: Int, peakMiB: Double? = nil,
        floorMiB: Double? = nil
    ) {
        var line = "BENCH \(suite)/\(name) ours_ms=\(format(ours)) base_ms=\(format(base))"
        line += " ratio=\(format(base > 0 ? ours / base : .infinity)) runs=\(runs)"
        if let peakMiB { line += " peak_mb=\(format(peakMiB))" }
        if let floorMiB { line += " floor_mb=\(format(floorMiB))" }
        print(line)
        fflush(nil)
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

/// The milliseconds from `start` to `end` (now, by default).
func milliseconds(from start: DispatchTime, to end: DispatchTime = .now()) -> Double {
    Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
}
