from compilelint.entry import main

main()
