import Foundation

/// The attribute values of movie number `index`, the same for both sides.
struct MovieValues {
    var name: String
    var year: Int
    var rating: Double
    var released: Date

    init(index: Int) {
        // A scrambled order so the sort has work to do.
        name = "Movie \((index &* 7_919) % 1_000_003)"
        year = 1950 + index % 75
        rating = Double(index % 100) / 10
        released = Date(timeIntervalSinceReferenceDate: Double(index) * 86_400)
    }
}
