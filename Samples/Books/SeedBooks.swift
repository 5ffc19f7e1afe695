import Foundation

/// The books of Apple's CoreDataBooks seed store (`CoreDataBooks.CDBStore`, read from the copy in
/// the shared corpus): author, title and copyright date, as the sample shipped them.
enum SeedBooks {
    /// One seed book (named apart from `Book`, the class generated from the model).
    struct Seed {
        let author: String
        let title: String
        /// Core Data's `ZCOPYRIGHT` column: seconds since 2001-01-01 (DESIGN.md §3.3).
        let copyright: TimeInterval
    }

    static let all: [Seed] = [
        Seed(author: "Terry Pratchett", title: "Strata", copyright: -631_064_399),
        Seed(author: "Terry Pratchett", title: "Moving Pictures", copyright: -347_050_979),
        Seed(author: "John Foxx", title: "Astronaut - The Quiet Man", copyright: 255_389_164),
        Seed(author: "P. G. Wodehouse", title: "Psmith in the City", copyright: -2_848_789_424),
        Seed(author: "P. G. Wodehouse", title: "The Inimitable Jeeves", copyright: -2_449_706_760),
        Seed(author: "Bill Bryson", title: "Down Under", copyright: -31_543_495),
        Seed(author: "Bill Bryson", title: "Notes from a Big Country", copyright: -94_615_394),
        Seed(author: "Ben Elton", title: "High Society", copyright: 31_615_199),
        Seed(author: "Ben Elton", title: "Stark", copyright: -378_611_966),
        Seed(author: "Richard Dawkins", title: "The Selfish Gene", copyright: -788_925_163),
        Seed(author: "Yorick Wilks", title: "Machine Translation", copyright: 252_491_245),
    ]
}
