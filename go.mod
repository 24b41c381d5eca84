module kiki

go 1.26.8
