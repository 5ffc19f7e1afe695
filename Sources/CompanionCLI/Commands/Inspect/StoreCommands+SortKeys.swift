import Foundation
import ObjectGraph
import StoreInspector

extension StoreCommands {
    /// Refuses a `--sort` key the entity does not have when one of its keys is a typo away
    /// (`--sort nmae`: "did you mean 'name'?"), before any query runs. A key that resembles
    /// nothing is left to the reader, whose message lists every key.
    static func checkSortKeys(_ text: String, of entity: EntityDescription) throws(CommandLineError) {
        let keys = entity.allProperties.map(\.name)
        let known = Set(keys.map { $0.lowercased() })
        for part in text.split(separator: ",") {
            var key = part.trimmingCharacters(in: .whitespaces)
            if key.hasPrefix("-") { key.removeFirst() }
            if let colon = key.firstIndex(of: ":") { key = String(key[..<colon]) }
            guard !key.isEmpty, !known.contains(key.lowercased()),
                let close = EditDistance.closest(to: key, among: keys)
            else { continue }
            throw .usage(
                "cannot sort by '\(key)': \(entity.name) has no such key; did you mean '\(close)'?", subject: "--sort")
        }
    }
}
