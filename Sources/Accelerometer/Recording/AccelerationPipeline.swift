/// Decoding and both of the AccelerometerGraph filters in one pass over raw scans: what a replay of a
/// long recording needs, without an intermediate array of samples.
///
/// ```swift
/// var pipeline = AccelerationPipeline(decoder: try recording.decoder(), rate: 60, cutoff: 5)
/// recording.scanData.withUnsafeBytes { bytes in
///     _ = pipeline.process(bytes, lowpass: lowBuffer, highpass: highBuffer)
/// }
/// ```
public struct AccelerationPipeline: Sendable {
    /// The decoder for the scans.
    public let decoder: AccelerationDecoder
    /// The low-pass filter and its state (carried from one ``process(_:lowpass:highpass:)`` to the next).
    public private(set) var lowpass: LowpassFilter
    /// The high-pass filter and its state.
    public private(set) var highpass: HighpassFilter

    /// Prepares a pipeline with fresh (zero) filters.
    public init(
        decoder: AccelerationDecoder, rate: Double = FilterConstants.defaultRate,
        cutoff: Double = FilterConstants.defaultCutoff, adaptive: Bool = false
    ) {
        self.decoder = decoder
        lowpass = LowpassFilter(rate: rate, cutoff: cutoff, adaptive: adaptive)
        highpass = HighpassFilter(rate: rate, cutoff: cutoff, adaptive: adaptive)
    }

    /// Decodes the whole scans in `bytes` and writes the low-pass and high-pass outputs (in g).
    ///
    /// - Returns: the number of samples written: the smaller of the scans present and the buffers' size.
    public mutating func process(
        _ bytes: UnsafeRawBufferPointer, lowpass low: UnsafeMutableBufferPointer<Vector3>,
        highpass high: UnsafeMutableBufferPointer<Vector3>
    ) -> Int {
        let count = min(bytes.count / decoder.layout.scanSize, low.count, high.count)
        guard count > 0, let base = bytes.baseAddress, let lowTarget = low.baseAddress,
            let highTarget = high.baseAddress
        else { return 0 }
        if lowpass.isAdaptive || highpass.isAdaptive {
            decoder.run(StoringLoop(base: base, scanSize: decoder.layout.scanSize, count: count, target: lowTarget))
            for index in 0..<count {
                let input = lowTarget[index]
                lowTarget[index] = lowpass.filter(input, interval: nil)
                highTarget[index] = highpass.filter(input, interval: nil)
            }
            return count
        }
        let state = decoder.run(
            FilteringLoop(
                base: base, scanSize: decoder.layout.scanSize, count: count, lowpass: lowpass, highpass: highpass,
                low: lowTarget, high: highTarget))
        lowpass.restore(output: state.low)
        highpass.restore(output: state.high, previousInput: state.previous)
        return count
    }
}

/// Decoding plus the two fixed-α filter updates in one loop, the filter state in local variables.
private struct FilteringLoop: AccelerationLoop {
    let base: UnsafeRawPointer
    let scanSize: Int
    let count: Int
    let lowpass: LowpassFilter
    let highpass: HighpassFilter
    let low: UnsafeMutablePointer<Vector3>
    let high: UnsafeMutablePointer<Vector3>

    func run<Reader: AccelerationReader>(_ reader: Reader) -> (low: Vector3, high: Vector3, previous: Vector3) {
        let lowAlpha = lowpass.filterConstant
        let keep = 1.0 - lowAlpha
        let highAlpha = highpass.filterConstant
        var (lx, ly, lz) = (lowpass.output.x, lowpass.output.y, lowpass.output.z)
        var (hx, hy, hz) = (highpass.output.x, highpass.output.y, highpass.output.z)
        var (px, py, pz) = (highpass.previousInput.x, highpass.previousInput.y, highpass.previousInput.z)
        for index in 0..<count {
            let a = reader.acceleration(base + index &* scanSize)
            // Same expressions, in the same order, as LowpassFilter and HighpassFilter: bit-identical output.
            lx = a.x * lowAlpha + lx * keep
            ly = a.y * lowAlpha + ly * keep
            lz = a.z * lowAlpha + lz * keep
            hx = highAlpha * (hx + a.x - px)
            hy = highAlpha * (hy + a.y - py)
            hz = highAlpha * (hz + a.z - pz)
            (px, py, pz) = (a.x, a.y, a.z)
            low[index] = Vector3(x: lx, y: ly, z: lz)
            high[index] = Vector3(x: hx, y: hy, z: hz)
        }
        return (Vector3(x: lx, y: ly, z: lz), Vector3(x: hx, y: hy, z: hz), Vector3(x: px, y: py, z: pz))
    }
}
