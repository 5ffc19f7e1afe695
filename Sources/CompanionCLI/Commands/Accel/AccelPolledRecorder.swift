import Accelerometer
import Dispatch
import Foundation
import TerminalKit

/// `record --poll`: reads `in_accel_*_raw` at a steady rate and stores the counts as a recording.
enum AccelPolledRecorder {
    /// Polls until `maximum` readings or an interruption, then writes the recording.
    static func record(
        device: SysfsDevice, output: String, maximum: Int?, rate: Double?, interruption: CaptureInterruption
    ) throws(CommandLineError) -> ExitStatus {
        let description: DeviceDescription
        do {
            var described = try device.describe()
            // Polled values are converted with the polled channels' scale and offset.
            described.channels = try DeviceDescription.axisNames.enumerated().map { index, axis in
                ChannelDescription(
                    name: axis, index: index, type: try ScanType(parsing: "le:s32/32>>0"),
                    scale: try device.scale(ofChannel: axis), offset: try device.offset(ofChannel: axis))
            }
            description = described
        } catch let error as IIOError {
            throw .failure(error, subject: "accel record")
        } catch {
            throw .failure("\(error)", subject: "accel record")
        }
        let hertz = rate ?? description.samplingFrequency ?? 60
        printError(
            TerminalSanitizer.sanitize(
                "polling \(device.identifier) at \(RecordingFormat.number(hertz)) Hz into \(output) (Ctrl-C to stop)"))
        var csv = "timestamp,x,y,z\n"
        let start = DispatchTime.now().uptimeNanoseconds
        let wallStart = Int64(Date().timeIntervalSince1970 * 1e9)
        var count = 0
        while maximum.map({ count < $0 }) ?? true {
            let due = start + UInt64(Double(count) / hertz * 1e9)
            let now = DispatchTime.now().uptimeNanoseconds
            if due > now,
                !interruption.wait(forReadable: nil, milliseconds: Int32(min((due - now) / 1_000_000, 60_000)))
            {
                break
            }
            if interruption.isInterrupted { break }
            let reading: PolledReading
            do {
                reading = try device.readRawAcceleration()
            } catch {
                throw .failure(error, subject: "accel record")
            }
            let elapsed = Int64(DispatchTime.now().uptimeNanoseconds - start)
            csv += "\(wallStart + elapsed),\(reading.raw.map(String.init).joined(separator: ","))\n"
            count += 1
        }
        do {
            // The polled timestamps are wall-clock (realtime) nanoseconds, whatever the device's buffer clock.
            var polled = description
            polled.timestampClock = "realtime"
            polled.samplingFrequency = hertz
            let recording = try PolledCSVImporter.recording(
                csv: csv, device: polled, tool: AccelCommand.toolVersion,
                notes: ["polled from \(device.directory)/in_accel_*_raw at \(RecordingFormat.number(hertz)) Hz"])
            try AccelInputs.write(recording.encoded(), to: output)
        } catch let error as RecordingError {
            throw .failure(error.description, subject: output)
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .failure("\(error)", subject: output)
        }
        printError(TerminalSanitizer.sanitize("wrote \(CountText.of(count, "polled reading")) to \(output)"))
        return .success
    }
}
