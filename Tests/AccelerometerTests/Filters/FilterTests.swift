import Foundation
import Testing

@testable import Accelerometer

@Suite struct FilterTests {
    private let step = Vector3(x: 0, y: 0, z: 1)

    private func responses(_ filter: some AccelerationFilter, count: Int = 3) -> [Double] {
        var filter = filter
        return (0..<count).map { _ in filter.filter(step, interval: nil).z }
    }

    private func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 5e-10 }
    }

    @Test func lowpassStepResponseMatchesTheSample() {
        #expect(abs(LowpassFilter().filterConstant - 1.0 / 13.0) < 1e-16)
        #expect(close(responses(LowpassFilter()), [0.076923077, 0.147928994, 0.213472918]))
    }

    @Test func highpassStepResponseMatchesTheSample() {
        #expect(abs(HighpassFilter().filterConstant - 12.0 / 13.0) < 1e-15)
        #expect(close(responses(HighpassFilter(), count: 2), [0.923076923, 0.852071006]))
    }

    @Test func adaptiveHighpassDampsTheStep() {
        #expect(close(responses(HighpassFilter(adaptive: true), count: 2), [0.307692308, 0.094674556]))
    }

    @Test func adaptiveLowpassFollowsALargeStepAtFullSpeed() {
        // A 1 g step is far above the 0.02 g noise step, so d = 1 and α = α₀.
        #expect(close(responses(LowpassFilter(adaptive: true), count: 1), [1.0 / 13.0]))
    }

    @Test func adaptiveLowpassDampsSmallChanges() {
        var filter = LowpassFilter(adaptive: true)
        for _ in 0..<400 { _ = filter.filter(step, interval: nil) }
        let settled = filter.output.z
        let nudged = filter.filter(Vector3(x: 0, y: 0, z: 1.01), interval: nil).z
        // A 0.01 g change is below the minimum step: α = α₀/3.
        #expect(abs((nudged - settled) - (1.01 - settled) / 39.0) < 1e-12)
    }

    @Test func theStateStartsAtZeroAndResets() {
        var filter = HighpassFilter()
        #expect(filter.output == .zero)
        _ = filter.filter(step, interval: nil)
        filter.reset()
        #expect(filter.output == .zero && filter.previousInput == .zero)
    }

    @Test func theCorrectedFactorHighpassIsTheInputMinusTheLowpass() {
        var lowpass = FilteringFactorLowpassFilter()
        var highpass = FilteringFactorHighpassFilter()
        for index in 0..<50 {
            let input = Vector3(x: Double(index % 7) * 0.1, y: -1, z: 0.02 * Double(index))
            let gravity = lowpass.filter(input, interval: nil)
            #expect(highpass.filter(input, interval: nil) == input - gravity)
        }
        // On a constant input it settles at zero, as a high-pass must.
        var settled = FilteringFactorHighpassFilter()
        for _ in 0..<400 { _ = settled.filter(step, interval: nil) }
        #expect(abs(settled.filter(step, interval: nil).z) < 1e-12)
    }

    @Test func theGuidesPrintedHighpassOscillatesInsteadOfSettling() {
        var filter = PrintedGuideHighpassFilter()
        let outputs = (0..<400).map { _ in filter.filter(step, interval: nil).z }
        // y ← 0.9 − 0.9·y: it swings around 0.9/1.9 ≈ 0.4737 and never approaches 0.
        #expect(outputs[0] == 0.9)
        #expect(abs(outputs[1] - 0.09) < 1e-12)
        #expect(abs(outputs[399] - 0.9 / 1.9) < 1e-12)
        let swings = zip(outputs.dropFirst(), outputs.dropLast()).filter { ($0 - 0.9 / 1.9) * ($1 - 0.9 / 1.9) < 0 }
        #expect(swings.count > 100)
    }

    @Test func timestampStepsMatchFixedStepsWhenEvenAndWidenAtAGap() {
        var fixed = LowpassFilter()
        var timed = LowpassFilter()
        for _ in 0..<10 {
            let a = fixed.filter(step, interval: nil)
            let b = timed.filter(step, interval: 1.0 / 60.0)
            #expect(abs(a.z - b.z) < 1e-15)
        }
        // A 0.25 s gap: α = 0.25 / (0.25 + 0.2), far more than 1/13.
        let before = timed.output.z
        let after = timed.filter(Vector3(x: 0, y: 0, z: 0), interval: 0.25).z
        #expect(abs(after - before * (1 - 0.25 / 0.45)) < 1e-15)
    }

    @Test func theBulkPathsEqualTheSampleBySamplePaths() {
        let inputs = (0..<500).map {
            Vector3(x: sin(Double($0) * 0.1), y: -1 + 0.01 * Double($0 % 9), z: Double($0 % 3))
        }
        for adaptive in [false, true] {
            var one = LowpassFilter(adaptive: adaptive)
            var bulk = LowpassFilter(adaptive: adaptive)
            var buffer = inputs
            buffer.withUnsafeMutableBufferPointer { bulk.filter($0) }
            #expect(buffer == inputs.map { one.filter($0, interval: nil) })
            var highOne = HighpassFilter(adaptive: adaptive)
            var highBulk = HighpassFilter(adaptive: adaptive)
            var highBuffer = inputs
            highBuffer.withUnsafeMutableBufferPointer { highBulk.filter($0) }
            #expect(highBuffer == inputs.map { highOne.filter($0, interval: nil) })
        }
    }

    @Test func everyFilterKindHasACLINameAndAFreshZeroState() {
        #expect(
            FilterKind.allCases.map(\.rawValue) == [
                "lowpass", "highpass", "adaptive-lowpass", "adaptive-highpass", "factor-lowpass", "factor-highpass",
                "guide-highpass",
            ])
        for kind in FilterKind.allCases {
            var filter = kind.makeFilter(rate: 60, cutoff: 5)
            #expect(filter.filter(.zero, interval: nil) == .zero)
        }
    }
}
