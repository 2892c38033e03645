module github.com/plateau-games/plateau

go 1.26
