// superdb: the SuperDB sample (heroes and their powers) as a terminal program. It shows the four
// fetched properties of a hero, an edit in a child context that is cancelled without a trace, an
// edit that is saved through the parent to the store, and a deleted power leaving its hero at once.
import CStandardOutput
import Foundation
import ObjectGraph
import SampleSupport

func runSuperDB() -> Int32 {
    // Inserts and fetches hand out the classes generated from SuperDB.xcdatamodeld (Hero, Power).
    SuperDBModel.registerClasses()
    return SampleRun.main(
        program: "superdb", storeFileName: "SuperDB.sqlite", modelName: "SuperDB",
        modelURL: Bundle.module.url(forResource: "SuperDB", withExtension: "xcdatamodeld")
    ) { storeURL, options, model in
        try SuperDBDemo(storeURL: storeURL, reset: options.reset, model: model).run()
    }
}

// Output lost to a full disk or /dev/full is a failure, not a silent success.
companion_check_standard_output_at_exit("superdb")
exit(runSuperDB())
