import Foundation

extension MotionScenario {
    /// The model's parameters in one line, for the header.
    var modelDescription: String {
        switch self {
        case .tilting:
            return "upright 2 s; roll to +80 deg (left-up) over 2 s, hold 1 s, back; roll to -80 deg (right-up), "
                + "hold, back; pitch to 90 deg (face-up) at 11 s; raised-cosine transitions"
        case .shaking:
            return "upright; sideways shake on x: 4 Hz, 3 cm from 2 s to 5 s, 6 Hz, 2.5 cm from 6.5 s to 8.5 s; "
                + "0.3 s raised-cosine envelope; 5 deg wobble of roll at the shake frequency"
        case .walking:
            return "pitched 30 deg back from upright; 1.9 steps/s; vertical bounce 0.28 g + 0.08 g at 2x; "
                + "sideways sway 0.07 g at 0.95 Hz; forward surge 0.1 g; gap 7.00-7.24 s (buffer overrun)"
        }
    }

    /// The noiseless reading in g at `time`: gravity in the phone's axes minus the hand's acceleration.
    func reading(at time: Double) -> Vector3 {
        let (roll, pitch, hand) = motion(at: time)
        // Gravity points down: (0, -1, 0) in the phone's axes when upright. Rolling by `roll` about z
        // (positive = left edge up) moves it toward +x; pitching back by `pitch` about x moves it to -z.
        let gravity = Vector3(
            x: sin(roll) * cos(pitch), y: -cos(roll) * cos(pitch), z: -sin(pitch))
        return gravity - hand
    }

    /// Roll and pitch in radians and the hand's acceleration in g (phone axes) at `time`.
    private func motion(at time: Double) -> (roll: Double, pitch: Double, hand: Vector3) {
        let degree = Double.pi / 180
        switch self {
        case .tilting:
            let roll = 80 * degree * (ease(time, 2, 4) - ease(time, 5, 7) - ease(time, 7.5, 9) + ease(time, 9.5, 10.5))
            let pitch = 90 * degree * ease(time, 11, 13)
            return (roll, pitch, .zero)
        case .shaking:
            let first = envelope(time, 2, 5) * shake(time, frequency: 4, amplitude: 0.03)
            let second = envelope(time, 6.5, 8.5) * shake(time, frequency: 6, amplitude: 0.025)
            let wobble =
                5 * degree
                * (envelope(time, 2, 5) * sin(2 * Double.pi * 4 * time) + envelope(time, 6.5, 8.5)
                    * sin(2 * Double.pi * 6 * time))
            return (wobble, 0, Vector3(x: first + second, y: 0, z: 0))
        case .walking:
            let step = 2 * Double.pi * 1.9 * time
            let vertical = 0.28 * sin(step) + 0.08 * sin(2 * step + 0.6)
            let sway = 0.07 * sin(step / 2)
            let surge = 0.1 * sin(step - 0.9)
            let pitch = 30 * degree + 2 * degree * sin(step)
            // Upward hand acceleration along world up, seen in the pitched phone frame.
            let hand = Vector3(
                x: sway, y: vertical * cos(pitch) + surge * sin(pitch), z: -vertical * sin(pitch) + surge * cos(pitch))
            return (0, pitch, hand)
        }
    }

    /// 0 before `start`, 1 after `end`, a raised cosine in between.
    private func ease(_ time: Double, _ start: Double, _ end: Double) -> Double {
        if time <= start { return 0 }
        if time >= end { return 1 }
        return 0.5 - 0.5 * cos(Double.pi * (time - start) / (end - start))
    }

    /// 1 inside [start, end] with 0.3 s raised-cosine ramps at both ends.
    private func envelope(_ time: Double, _ start: Double, _ end: Double) -> Double {
        ease(time, start, start + 0.3) - ease(time, end - 0.3, end)
    }

    /// The acceleration (g) of a sideways sinusoidal displacement of `amplitude` metres.
    private func shake(_ time: Double, frequency: Double, amplitude: Double) -> Double {
        let omega = 2 * Double.pi * frequency
        return -amplitude * omega * omega * sin(omega * time) / AccelerationSample.standardGravity
    }
}
