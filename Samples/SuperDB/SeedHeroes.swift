import Foundation

/// The heroes and powers the sample starts with (first-appearance dates stand in for birthdates).
enum SeedHeroes {
    /// One seed hero and its powers (name, source); `Hero` is the class generated from the model.
    struct Seed {
        let name: String
        let secretIdentity: String
        let birthdate: String
        let sex: String
        let powers: [(name: String, source: String)]
    }

    static let all: [Seed] = [
        Seed(name: "Batman", secretIdentity: "Bruce Wayne", birthdate: "1939-05-01", sex: "Male", powers: []),
        Seed(
            name: "Spider-Man", secretIdentity: "Peter Parker", birthdate: "1962-08-01", sex: "Male",
            powers: [("Wall Crawling", "Radioactive spider"), ("Spider Sense", "Radioactive spider")]),
        Seed(
            name: "Storm", secretIdentity: "Ororo Munroe", birthdate: "1975-05-01", sex: "Female",
            powers: [("Weather Control", "Mutation")]),
        Seed(
            name: "Superman", secretIdentity: "Clark Kent", birthdate: "1938-06-01", sex: "Male",
            powers: [("Flight", "Alien physiology"), ("Super Strength", "Alien physiology")]),
        Seed(
            name: "Wonder Woman", secretIdentity: "Diana Prince", birthdate: "1941-12-01", sex: "Female",
            powers: [("Lasso of Truth", "Divine gift")]),
    ]

    /// The calendar dates are read and printed in: Gregorian, UTC.
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The date of a `yyyy-MM-dd` text (midnight UTC), or nil when it is not one.
    static func date(_ text: String) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    /// `yyyy-MM-dd` for a date, in UTC.
    static func text(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
