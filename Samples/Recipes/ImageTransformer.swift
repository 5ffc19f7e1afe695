import Foundation
import ObjectGraph

/// A photo as the sample shows it: the bytes Apple's app stored, and what they are.
struct Photo: CustomStringConvertible {
    /// The JPEG or PNG bytes, as the store keeps them.
    var data: Data

    /// "JPEG 320×320, 16805 bytes" (the size read from the file's header when it has one).
    var description: String {
        let size = pixelSize.map { " \($0.width)×\($0.height)" } ?? ""
        return "\(format)\(size), \(data.count) bytes"
    }

    private var format: String {
        if data.starts(with: [0xFF, 0xD8]) { return "JPEG" }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
        return "image"
    }

    /// Width and height from a JPEG's start-of-frame segment or a PNG's IHDR chunk.
    private var pixelSize: (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        if format == "PNG", bytes.count >= 24 {
            return (u16(18), u16(22))
        }
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if (0xC0...0xC3).contains(marker) { return (u16(index + 7), u16(index + 5)) }
            index += 2 + u16(index + 2)
        }
        return nil
    }
}

/// Apple's `ImageToDataTransformer`: the model's transformable attributes name it, and it turns a
/// `UIImage` into PNG or JPEG data and back. Here the value is a ``Photo`` around the same bytes.
final class ImageTransformer: ObjectValueTransformer, @unchecked Sendable {
    /// The name the Recipes model gives its transformable attributes.
    static let name = "ImageToDataTransformer"

    /// Registers the transformer, as the app does before it opens its store.
    static func register() {
        ObjectValueTransformer.setValueTransformer(ImageTransformer(), forName: name)
    }

    override func transformedValue(_ value: Any?) -> Any? {
        (value as? Photo)?.data
    }

    override func reverseTransformedValue(_ value: Any?) -> Any? {
        (value as? Data).map(Photo.init(data:))
    }
}
