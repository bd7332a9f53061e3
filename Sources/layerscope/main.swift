import Foundation

exit(Layerscope.run(Array(CommandLine.arguments.dropFirst())))
