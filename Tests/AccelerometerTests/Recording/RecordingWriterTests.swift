import Foundation
import Testing

@testable import Accelerometer

@Suite struct RecordingWriterTests {
    @Test func keepsTheScanCountCurrentAfterEveryChunk() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("r.iiorec").path
        let header = RecordingHeader(tool: "t", device: "lis3dh", channels: try RecordingTestData.channels())
        let writer = try RecordingWriter(path: path, header: header)
        try writer.append(
            RecordingTestData.scan(1, 2, 3, nanoseconds: 1) + RecordingTestData.scan(4, 5, 6, nanoseconds: 2))
        // Even before close, the file on disk is a valid recording (an interrupted capture stays readable).
        let partial = try Recording(bytes: SystemFileAccess().readBytes(path))
        #expect(partial.scanCount == 2)
        try writer.append(RecordingTestData.scan(7, 8, 9, nanoseconds: 3))
        try writer.close()
        let read = try Recording(bytes: SystemFileAccess().readBytes(path))
        #expect(read.scanCount == 3)
        #expect(read.header.scanCount == 3)
        #expect(try read.samples().map(\.raw) == [[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        #expect(throws: IIOError.self) { try writer.append([1, 2, 3]) }
    }
}
