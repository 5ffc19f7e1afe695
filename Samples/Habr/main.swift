// habr: the practical of "Pro Core Data" for iOS, the Habr model (an IT site's organizations, users,
// blog posts, hubs, tags, questions and responses), seeded into a store and walked with key paths
// and collection operators: value(forKeyPath:) answers questions about a graph without a loop.
import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

func runHabr() -> Int32 {
    let moreHelp = [
        "Seeds the Habr model of the Pro Core Data practical (Organization, User,",
        "Blogpost, Hab, Tag, Question, Response) and walks it with value(forKeyPath:)",
        "and its collection operators. Keep a store with --store PATH and read its",
        "schema with: sqlite3 PATH .schema",
    ]
    return SampleRun.main(
        program: "habr", storeFileName: "Habr.sqlite", modelName: "Habr",
        modelURL: Bundle.module.url(forResource: "Habr", withExtension: "xcdatamodeld"), moreHelp: moreHelp
    ) { storeURL, options, model in
        let container = PersistentContainer(name: "Habr", managedObjectModel: model)
        try SampleStore.open(
            storeURL, in: container, reset: options.reset, seededEntity: "Organization", contents: "organizations")
        try HabrTour(context: container.viewContext).run()
    }
}

companion_check_standard_output_at_exit("habr")
exit(runHabr())
