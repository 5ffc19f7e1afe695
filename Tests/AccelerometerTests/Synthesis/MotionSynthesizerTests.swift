import Foundation
import TestSupport
import Testing

@testable import Accelerometer

@Suite struct MotionSynthesizerTests {
    static let recordingsDirectory = TestPaths.packageRoot.appendingPathComponent(
        "Samples/AccelerometerGraph/Recordings")

    @Test(arguments: [(MotionScenario.tilting, UInt64(1)), (.shaking, 2), (.walking, 3)])
    func theShippedRecordingsAreExactlyWhatTheGeneratorMakes(_ scenario: MotionScenario, _ seed: UInt64) throws {
        let shipped = try SystemFileAccess().readBytes(
            Self.recordingsDirectory.appendingPathComponent("\(scenario.rawValue).iiorec").path)
        let generated = try MotionSynthesizer(scenario: scenario, seed: seed).recording(tool: "companion 1.0").encoded()
        #expect(shipped == generated)
        let header = try Recording(bytes: shipped).header
        #expect(
            header.notes.first == "generator: companion accel synthesize \(scenario.rawValue) --rate 60 "
                + "--duration \(RecordingHeader.format(scenario.defaultDuration)) --seed \(seed)")
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedDifferentNoise() throws {
        let a = try MotionSynthesizer(scenario: .shaking, duration: 1, seed: 7).recording(tool: "t").encoded()
        let b = try MotionSynthesizer(scenario: .shaking, duration: 1, seed: 7).recording(tool: "t").encoded()
        let c = try MotionSynthesizer(scenario: .shaking, duration: 1, seed: 8).recording(tool: "t").encoded()
        #expect(a == b)
        #expect(a != c)
    }

    @Test func tiltingPassesThroughEveryOrientationWithGravityNearOneG() throws {
        let samples = try MotionSynthesizer(scenario: .tilting).recording(tool: "t").samples()
        var detector = OrientationDetector()
        var sequence: [DeviceOrientation] = []
        for sample in samples {
            let orientation = detector.update(acceleration: sample.acceleration)
            if orientation != .undefined && orientation != sequence.last { sequence.append(orientation) }
            // Slow tilts: the only acceleration is gravity (plus noise and tremor).
            #expect(abs(sample.accelerationInG.length - 1) < 0.06)
        }
        #expect(sequence == [.normal, .leftUp, .normal, .rightUp, .normal, .faceUp])
    }

    @Test func shakingStaysInTheChipsRangeAndTheHighpassIsolatesIt() throws {
        let samples = try MotionSynthesizer(scenario: .shaking).recording(tool: "t").samples()
        let peak = samples.map { abs($0.accelerationInG.x) }.max() ?? 0
        #expect(peak > 3 && peak < 4)
        #expect(!samples.contains { $0.isBeyondRange })
        let moving = samples.filtered(with: HighpassFilter(), useTimestamps: false)
        // At rest (1–1.8 s, after the filter's start-up transient of 0.923ⁿ has died away) the high-pass
        // output is only noise; during the shake it is large.
        let rest = try #require(moving.elements(at: 60..<110)).map(\.length).max() ?? 1
        let shake = try #require(moving.elements(at: 180..<280)).map(\.length).max() ?? 0
        #expect(rest < 0.05)
        #expect(shake > 1)
    }

    @Test func walkingHasOneGapThatTimestampModeAccountsFor() throws {
        let recording = try MotionSynthesizer(scenario: .walking).recording(tool: "t")
        let samples = try recording.samples()
        let steps = zip(samples.dropFirst(), samples).map { $0.time - $1.time }
        let gaps = steps.filter { $0 > 1.5 / 60 }
        #expect(gaps.count == 1)
        // Samples at 7.000 … 7.233 s are missing: the step across the gap is 16 periods.
        #expect(abs((gaps.first ?? 0) - 16.0 / 60) < 1e-6)
        let plain = samples.filtered(with: LowpassFilter(), useTimestamps: false)
        let timed = samples.filtered(with: LowpassFilter(), useTimestamps: true)
        #expect(plain != timed)
    }
}
