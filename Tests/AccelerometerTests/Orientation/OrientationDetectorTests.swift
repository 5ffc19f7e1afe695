import Testing

@testable import Accelerometer

@Suite struct OrientationDetectorTests {
    private func g(_ x: Double, _ y: Double, _ z: Double) -> Vector3 {
        9.81 * Vector3(x: x, y: y, z: z)
    }

    @Test func namesTheFourEdgesAsMonitorSensorDoes() {
        var detector = OrientationDetector()
        #expect(detector.orientation == .undefined)
        #expect(detector.update(acceleration: g(0, -1, 0)) == .normal)
        #expect(detector.update(acceleration: g(0, 1, 0)) == .bottomUp)
        #expect(detector.update(acceleration: g(1, 0, 0)) == .leftUp)
        #expect(detector.update(acceleration: g(-1, 0, 0)) == .rightUp)
        #expect(
            DeviceOrientation.allCases.map(\.rawValue) == [
                "undefined", "normal", "bottom-up", "left-up", "right-up", "face-up", "face-down",
            ])
    }

    @Test func namesTheFlatPositions() {
        var detector = OrientationDetector()
        #expect(detector.update(acceleration: g(0.05, -0.1, -1)) == .faceUp)
        #expect(detector.update(acceleration: g(0, 0.1, 1)) == .faceDown)
    }

    @Test func keepsThePreviousAnswerOnTheBorderBetweenTwoEdges() {
        var detector = OrientationDetector()
        _ = detector.update(acceleration: g(0, -1, 0))
        // 45° between left-up and normal: both tilts exceed 35°, so nothing changes.
        #expect(detector.update(acceleration: g(0.7071, -0.7071, 0)) == .normal)
    }

    @Test func theCorpusScanIsNormal() throws {
        var detector = OrientationDetector()
        #expect(detector.update(acceleration: Vector3(x: 103, y: -919, z: -385)) == .normal)
    }
}
