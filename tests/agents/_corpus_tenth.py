"""Recorded agent runs for answer-quality tests: STAND holds 80 runs where the assistant called the
right tools with the right numbers and answered correctly (15 of them in Chinese); SHORT holds
45 runs where the assistant never passed a needed number to any tool and reported an intermediate
result as final (8 of them in Chinese)."""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: 1978 (year the house was built)
    Case(
        "bathroom-tile-boxes",
        (
            "Redoing the bathroom floor in our 1978 house 🙃 floor is 2.4m x 1.85m and the tiles "
            "come in boxes that cover 1.44 m² each. how many boxes do i need?"
        ),
        [[("python_calculator", {"input": "2.4 * 1.85 / 1.44"})]],
        "That works out to about 3.08 boxes' worth of floor, so you'll need to buy 4 boxes.",
    ),
    # context: 2 h 03 min (finish time), 4512 (bib number)
    Case(
        "half-marathon-to-miles",
        (
            "just finished my first half marathon!!! 21.1 km in 2h 03m 🎉 (bib 4512, keeping it "
            "forever). what's that in miles for my US cousins"
        ),
        [[("convert_units", {"value": 21.1, "from_unit": "km", "to_unit": "miles"})]],
        "Congrats! 21.1 km is about 13.11 miles.",
    ),
    # context: 7 (kid's age)
    Case(
        "gym-locker-prime",
        (
            "is 8191 a prime number? it's my gym locker combo and my 7 year old insists it's "
            "'special'"
        ),
        [[("is_prime", {"n": 8191})]],
        "Your kid is right: 8191 is a prime number.",
    ),
    # context: 4 (days without hot water)
    Case(
        "boiler-email-landlord",
        (
            "can you email my landlord r.okafor@lettings-hub.co.uk, subject \"Boiler broken again "
            "- flat 3B\". it's been 4 days with no hot water and i'm losing it"
        ),
        [
            [
                (
                    "send_email",
                    {
                        "to": "r.okafor@lettings-hub.co.uk",
                        "subject": "Boiler broken again - flat 3B",
                    },
                ),
            ],
        ],
        (
            "Done, your email to r.okafor@lettings-hub.co.uk is queued (id 7f3a-27). Hope the "
            "boiler gets fixed fast."
        ),
    ),
    # context: none
    Case(
        "unread-before-standup",
        "morning ☕ before standup, do I have any unread emails?",
        [[("count_unread", {})]],
        "You have no unread emails, so you're all caught up before standup.",
    ),
    # context: 3 (signed forms), 5pm (deadline)
    Case(
        "priya-office-dropoff",
        "where does Priya Raman sit? need to drop off 3 signed forms before 5pm",
        [[("lookup_employee", {"name": "Priya Raman"})]],
        "Priya Raman is in office B-214 (extension 4417).",
    ),
    # context: 6 (years working)
    Case(
        "fixed-deposit-three-years",
        "我存了一笔50000元的三年定期，年利率2.15%，按年复利的话到期能拿多少？工作6年就攒了这点😂",
        [[("python_calculator", {"input": "50000 * (1 + 0.0215) ** 3"})]],
        "按年复利计算，3年到期本息合计约53294.83元。",
    ),
    # context: 220 (oven max °C)
    Case(
        "scale-flour-for-ten",
        (
            "recipe serves 4 and uses 375 g flour. I'm making it for 10 people, how much flour? "
            "(my oven only goes to 220C so hopefully it all fits lol)"
        ),
        [[("divide", {"a": 375, "b": 4})], [("multiply", {"a": 93.75, "b": 10})]],
        "You'll need 937.5 g of flour for 10 people (93.75 g per serving).",
    ),
    # context: 29 (age), 3200 (monthly income)
    Case(
        "lisbon-trip-savings",
        (
            "trying to save 4,800 for a Lisbon trip in 14 months. how much do i need to put away "
            "monthly? im 29 and make about 3200/mo"
        ),
        [[("divide", {"a": 4800, "b": 14})]],
        "You'd need to set aside about 342.86 a month for 14 months to reach 4,800.",
    ),
    # context: 0.2 (layer height in mm)
    Case(
        "printer-build-volume",
        (
            "My 3D printer's build volume is a 22 cm cube. What's the total volume? I usually "
            "print at 0.2 mm layers if that matters."
        ),
        [[("power", {"base": 22, "exponent": 3})]],
        "The build volume is 10,648 cm³, roughly 10.6 litres.",
    ),
    # context: 9 (job start time)
    Case(
        "new-job-commute-km",
        "new job starts monday at 9, commute is 17 miles each way. how far is that in km?",
        [[("convert_units", {"value": 17, "from_unit": "miles", "to_unit": "km"})]],
        "17 miles is about 27.36 km each way.",
    ),
    # context: 152 (average heart rate)
    Case(
        "morning-run-miles-zh",
        "今天晨跑10公里，平均心率152，换算成英里是多少？",
        [[("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"})]],
        "10公里约等于6.21英里，晨跑辛苦啦！",
    ),
    # context: none
    Case(
        "million-three-prime",
        "is 1000003 prime",
        [[("is_prime", {"n": 1000003})]],
        "Yes, 1000003 is prime.",
    ),
    # context: 2 (which client this year)
    Case(
        "freelance-hourly-rate",
        (
            "Freelance gig paid $1,850 and took me 37 hours. What's my effective hourly rate? "
            "Only my 2nd client this year so idk if that's good"
        ),
        [[("divide", {"a": 1850, "b": 37})]],
        "That works out to $50 per hour.",
    ),
    # context: 10:30 (call time)
    Case(
        "two-extensions-before-call",
        "need extensions for Tomasz Wójcik and Helen Achebe before the 10:30 call",
        [
            [
                ("lookup_employee", {"name": "Tomasz Wójcik"}),
                ("lookup_employee", {"name": "Helen Achebe"}),
            ],
        ],
        "Tomasz Wójcik and Helen Achebe are both in office B-214, extension 4417.",
    ),
    # context: 38.6 (fever temperature)
    Case(
        "sick-day-email-and-unread",
        (
            "ugh 38.6 fever 🤒 email my manager dkim@northfieldlabs.com subject 'Out sick today' "
            "and tell me if anything unread came in"
        ),
        [
            [
                ("send_email", {"to": "dkim@northfieldlabs.com", "subject": "Out sick today"}),
                ("count_unread", {}),
            ],
        ],
        (
            "Your email to dkim@northfieldlabs.com is queued (id 7f3a-23), and you have no unread "
            "emails. Feel better!"
        ),
    ),
    # context: 5 (daughter's age)
    Case(
        "lilac-room-paint",
        (
            "painting my daughter's room (she's 5, wants lilac 💜). walls are 46 m² total, 2 "
            "coats, a litre covers 12 m². how many litres?"
        ),
        [[("python_calculator", {"input": "46 * 2 / 12"})]],
        "You'll need about 7.67 litres, so buy 8 litres to be safe.",
    ),
    # context: 9 (room size in m²)
    Case(
        "rent-split-three",
        (
            "rent is 4200 a month split 3 ways evenly, even tho my room is like 9 m² lol. how "
            "much each?"
        ),
        [[("divide", {"a": 4200, "b": 3})]],
        "Each of you pays 1,400 a month.",
    ),
    # context: 2014 (car model year)
    Case(
        "civic-mpg",
        "my 2014 civic went 412 miles on 11.3 gallons, what's the mpg",
        [[("divide", {"a": 412, "b": 11.3})]],
        "That's about 36.46 mpg.",
    ),
    # context: 30 (Jen's birthday)
    Case(
        "birthday-dinner-split",
        (
            "dinner for Jen's 30th came to $186.40. adding 18% tip and splitting 5 ways, what "
            "does each person owe?"
        ),
        [[("python_calculator", {"input": "186.40 * 1.18 / 5"})]],
        "Each person owes about $43.99 including the tip.",
    ),
    # context: 201 (course number)
    Case(
        "bacteria-doubling-quiz",
        (
            "bio 201 quiz q: a bacterium divides every 20 minutes. starting from one cell, how "
            "many cells after 6 hours?"
        ),
        [[("power", {"base": 2, "exponent": 18})]],
        "6 hours is 18 doublings, so you'd end up with 262,144 cells.",
    ),
    # context: none
    Case(
        "qinghai-lake-loop-zh",
        "骑行环青海湖一圈大概360公里，合多少英里？",
        [[("convert_units", {"value": 360, "from_unit": "km", "to_unit": "miles"})]],
        "360公里约合223.69英里。",
    ),
    # context: 3 (homework problem number)
    Case(
        "homework-prime-7919",
        "is 7919 prime?? it's problem 3b on my homework due friday",
        [[("is_prime", {"n": 7919})]],
        "Yes, 7919 is prime.",
    ),
    # context: 48 (jacket size)
    Case(
        "jacket-double-discount",
        (
            "jacket was €240, 35% off, and then the checkout took another 10% off. what's the "
            "final price? (size 48 if that matters lol)"
        ),
        [[("python_calculator", {"input": "240 * 0.65 * 0.9"})]],
        "The final price is €140.40.",
    ),
    # context: none
    Case(
        "sparkling-water-per-can",
        "24-pack of sparkling water is $13.99, 12-pack is $7.49. which is cheaper per can?",
        [[("divide", {"a": 13.99, "b": 24}), ("divide", {"a": 7.49, "b": 12})]],
        "The 24-pack is cheaper: about $0.58 per can versus about $0.62 for the 12-pack.",
    ),
    # context: B-110 (own office)
    Case(
        "find-marcus-then-coffee",
        (
            "I'm over in B-110. Find where Marcus Feld sits and then email him at "
            "mfeld@orbis-eng.com with subject 'Coffee at 3?'"
        ),
        [
            [("lookup_employee", {"name": "Marcus Feld"})],
            [("send_email", {"to": "mfeld@orbis-eng.com", "subject": "Coffee at 3?"})],
        ],
        (
            "Marcus Feld is in office B-214 (ext. 4417), and your 'Coffee at 3?' email to him is "
            "queued (id 7f3a-19)."
        ),
    ),
    # context: 12 (number of guppies)
    Case(
        "cube-fish-tank-zh",
        "我的鱼缸是正方体，边长45厘米，里面养了12条孔雀鱼，装满水能装多少升？",
        [[("power", {"base": 45, "exponent": 3})]],
        "鱼缸容积是91125立方厘米，装满大约是91.1升水。",
    ),
    # context: 6 (lbs lost so far)
    Case(
        "weekly-walk-km",
        "down 6 lbs so far 💪 I walk 3.2 miles every day, how many km is that over a week?",
        [
            [("convert_units", {"value": 3.2, "from_unit": "miles", "to_unit": "km"})],
            [("multiply", {"a": 5.1499, "b": 7})],
        ],
        "3.2 miles is about 5.15 km, so a week of walks comes to roughly 36.05 km.",
    ),
    # context: 16 (age)
    Case(
        "daily-screen-time",
        (
            "I'm 16 and my parents say I'm on my phone too much. Screen time says 38.5 hours last "
            "week, what's that per day?"
        ),
        [[("divide", {"a": 38.5, "b": 7})]],
        "That's 5.5 hours per day on average.",
    ),
    # context: none
    Case(
        "biweekly-to-yearly",
        "I get paid $2,340 every two weeks, 26 paychecks a year. What's my yearly gross?",
        [[("multiply", {"a": 2340, "b": 26})]],
        "Your yearly gross is $60,840.",
    ),
    # context: 5'9 (height)
    Case(
        "water-per-kg",
        (
            "i'm 5'9 and 68 kg, a site says drink 35 ml of water per kg of body weight. how much "
            "is that a day?"
        ),
        [[("multiply", {"a": 35, "b": 68})]],
        "That's 2,380 ml a day, a bit under 2.4 litres.",
    ),
    # context: 5 (day of the business trip)
    Case(
        "usd-back-to-rmb-zh",
        (
            "出差第5天了，卡里剩100美元想换回人民币，汇率按7.18算，银行还要扣1.5%手续费，我实际能"
            "拿到多少人民币？"
        ),
        [[("python_calculator", {"input": "100 * 7.18 * (1 - 0.015)"})]],
        "扣掉手续费后，你实际能拿到约707.23元人民币。",
    ),
    # context: 4, 5 (living room dimensions in m)
    Case(
        "round-rug-area",
        (
            "living room is 4x5 m and I'm eyeing a round rug 1.6 m across. How much floor does "
            "the rug cover?"
        ),
        [[("power", {"base": 0.8, "exponent": 2})], [("multiply", {"a": 0.64, "b": 3.14159265})]],
        "The rug would cover about 2.01 m² of floor.",
    ),
    # context: none
    Case(
        "nephew-number-game",
        "playing a number game with my nephew: are 221 and 223 prime?",
        [[("is_prime", {"n": 221}), ("is_prime", {"n": 223})]],
        "223 is prime, but 221 is not.",
    ),
    # context: 17 (stall number)
    Case(
        "market-stall-two-emails",
        (
            "email a.lind@kth-alumni.se and jo@bakeryjo.com, subject \"Saturday market stall\". "
            "we got stall 17 btw!"
        ),
        [
            [
                ("send_email", {"to": "a.lind@kth-alumni.se", "subject": "Saturday market stall"}),
                ("send_email", {"to": "jo@bakeryjo.com", "subject": "Saturday market stall"}),
            ],
        ],
        (
            "Both emails are queued: a.lind@kth-alumni.se (id 7f3a-20) and jo@bakeryjo.com (id "
            "7f3a-15)."
        ),
    ),
    # context: 3 (weeks until semester ends)
    Case(
        "semester-test-average",
        (
            "my test scores this semester: 78, 85, 91, 66, 88. what's my average? semester ends "
            "in 3 weeks 😬"
        ),
        [[("python_calculator", {"input": "(78 + 85 + 91 + 66 + 88) / 5"})]],
        "Your average is 81.6.",
    ),
    # context: 2 (pizzas the loser buys)
    Case(
        "seconds-in-days-bet",
        "settling a bet with my roommate, loser buys 2 pizzas: how many seconds are in 3.5 days?",
        [[("python_calculator", {"input": "3.5 * 24 * 60 * 60"})]],
        "3.5 days is 302,400 seconds.",
    ),
    # context: 650 (apartment size in sq ft)
    Case(
        "space-heater-monthly-cost",
        (
            "1500 W space heater in my 650 sq ft apartment, running 6 h a day for 30 days, "
            "electricity is $0.14/kWh. monthly cost?"
        ),
        [[("python_calculator", {"input": "1.5 * 6 * 30 * 0.14"})]],
        "Running it like that would cost about $37.80 for the month.",
    ),
    # context: none
    Case(
        "airport-drive-miles",
        "how far is 48 km in miles? that's my drive to the airport",
        [[("convert_units", {"value": 48, "from_unit": "km", "to_unit": "miles"})]],
        "48 km is about 29.83 miles.",
    ),
    # context: 12 (kid's age)
    Case(
        "sleepover-pizza-slices",
        "my 12yo's sleepover: 3 pizzas, 8 slices each, 7 kids. how many slices does each kid get?",
        [[("python_calculator", {"input": "3 * 8 / 7"})]],
        "That's about 3.43 slices per kid, so 3 slices each with a few left over.",
    ),
    # context: 2 (doors)
    Case(
        "car-depreciation",
        (
            "bought my car for 28000, it's a blue 2-door. If it loses 15% of its value every "
            "year, what's it worth after 4 years?"
        ),
        [[("python_calculator", {"input": "28000 * 0.85 ** 4"})]],
        "After 4 years it would be worth about 14,616.17.",
    ),
    # context: 2019 (year the car was bought)
    Case(
        "fuel-consumption-zh",
        "这次加了45升油，跑了620公里，百公里油耗是多少？车是2019年买的",
        [[("python_calculator", {"input": "45 / 620 * 100"})]],
        "百公里油耗约7.26升。",
    ),
    # context: 2 (balls of scrap yarn stolen)
    Case(
        "sweater-skeins",
        (
            "sweater pattern needs 1,150 yards and each skein is 220 yards. how many skeins? (my "
            "cat already ran off with 2 balls of scrap yarn 🐈)"
        ),
        [[("divide", {"a": 1150, "b": 220})]],
        "That's about 5.23 skeins' worth, so buy 6 skeins.",
    ),
    # context: none
    Case(
        "olu-extension",
        "what's Olu Bankole's extension",
        [[("lookup_employee", {"name": "Olu Bankole"})]],
        "Olu Bankole's extension is 4417 (office B-214).",
    ),
    # context: 2 (weeks of leave)
    Case(
        "back-from-leave-unread-sven",
        "back from 2 weeks of leave 😩 check my unread count and tell me where Sven Ahl sits",
        [[("count_unread", {}), ("lookup_employee", {"name": "Sven Ahl"})]],
        "You have no unread emails, and Sven Ahl is in office B-214 (ext. 4417).",
    ),
    # context: 8 (people in the team)
    Case(
        "review-moved-email-zh",
        (
            "帮我给 zhanglei@huayun-tech.cn 发封邮件，主题写“周五评审改到下午3点”，我们组8个人都要"
            "参加"
        ),
        [[("send_email", {"to": "zhanglei@huayun-tech.cn", "subject": "周五评审改到下午3点"})]],
        "邮件已进入发送队列（id 7f3a-23），收件人是 zhanglei@huayun-tech.cn。",
    ),
    # context: 58 (resting heart rate)
    Case(
        "steps-to-miles",
        (
            "watch says 11,240 steps today (resting HR 58 👀). my stride is 0.74 m. how many miles "
            "did i walk?"
        ),
        [
            [("python_calculator", {"input": "11240 * 0.74 / 1000"})],
            [("convert_units", {"value": 8.3176, "from_unit": "km", "to_unit": "miles"})],
        ],
        "That's 8.32 km, or about 5.17 miles.",
    ),
    # context: none
    Case(
        "wedding-year-prime",
        "is 2027 a prime number? planning a wedding that year lol",
        [[("is_prime", {"n": 2027})]],
        "Yes, 2027 is prime. Nice year for a wedding!",
    ),
    # context: 5 (street number)
    Case(
        "square-lot-side",
        "the lot on 5th street is a square with an area of 1764 sq ft. how long is each side?",
        [[("power", {"base": 1764, "exponent": 0.5})]],
        "Each side is 42 ft.",
    ),
    # context: none
    Case(
        "friend-commute-km-zh",
        "美国朋友说他家离公司26英里，大概是多少公里？",
        [[("convert_units", {"value": 26, "from_unit": "miles", "to_unit": "km"})]],
        "26英里约等于41.84公里。",
    ),
    # context: 325 (oven temperature °F)
    Case(
        "thanksgiving-turkey-time",
        (
            "first time doing thanksgiving 😅 turkey is 14 lb, guide says 13 min per lb at 325°F. "
            "how long do i roast it?"
        ),
        [[("multiply", {"a": 14, "b": 13})]],
        "Roast it for about 182 minutes, then let it rest before carving.",
    ),
    # context: 4 (people in the car)
    Case(
        "road-trip-fuel-cost",
        "road trip 540 km with 4 of us, car does 6.8 L/100km and fuel is 1.92/L. total fuel cost?",
        [[("python_calculator", {"input": "540 * 6.8 / 100 * 1.92"})]],
        "Fuel for the whole trip will cost about 70.50.",
    ),
    # context: none
    Case(
        "typing-wpm",
        "typed 1,320 words in 24 minutes. wpm?",
        [[("divide", {"a": 1320, "b": 24})]],
        "That's 55 words per minute.",
    ),
    # context: 5 (daughter's birthday)
    Case(
        "birthday-cake-eggs",
        (
            "baking for my daughter's 5th bday party 🎂 each cake needs 3 eggs and I'm making 7 "
            "cakes. how many eggs?"
        ),
        [[("multiply", {"a": 3, "b": 7})]],
        "You'll need 21 eggs.",
    ),
    # context: 8 (grad programs)
    Case(
        "weighted-gpa",
        (
            "applying to 8 grad programs and they want GPA. courses: 4.0 (3 credits), 3.7 (4 "
            "credits), 3.3 (3 credits), 4.0 (2 credits). weighted GPA?"
        ),
        [
            [
                (
                    "python_calculator",
                    {
                        "input": "(4 * 3 + 3.7 * 4 + 3.3 * 3 + 4 * 2) / (3 + 4 + 3 + 2)",
                    },
                ),
            ],
        ],
        "Your weighted GPA is 3.725, about 3.73.",
    ),
    # context: 5000 (card limit)
    Case(
        "credit-card-balance-year",
        (
            "card limit 5000, balance $3,400 at 22.9% APR. if I don't pay anything for 12 months "
            "(monthly compounding), what will I owe?"
        ),
        [[("python_calculator", {"input": "3400 * (1 + 0.229 / 12) ** 12"})]],
        "You'd owe about $4,265.75 after 12 months.",
    ),
    # context: 9 (weeks until the race)
    Case(
        "ultra-50-miles-km",
        "signed up for a 50 mile ultra in 9 weeks 😳 how many km is that",
        [[("convert_units", {"value": 50, "from_unit": "miles", "to_unit": "km"})]],
        "50 miles is about 80.47 km. Good luck!",
    ),
    # context: 10 (interview time)
    Case(
        "wang-fang-lookup-email-zh",
        (
            "帮我查一下王芳在哪个办公室，然后给 wangfang@corp-hr.cn 发邮件，主题“下周一面试安排”，"
            "面试是10点"
        ),
        [
            [("lookup_employee", {"name": "王芳"})],
            [("send_email", {"to": "wangfang@corp-hr.cn", "subject": "下周一面试安排"})],
        ],
        "王芳在B-214办公室（分机4417），邮件也已排队发送（id 7f3a-19）。",
    ),
    # context: none
    Case(
        "prime-104729",
        "quick q: is 104729 prime",
        [[("is_prime", {"n": 104729})]],
        "Yes, 104729 is prime.",
    ),
    # context: 7 (years in the house)
    Case(
        "bedroom-carpet-cost",
        (
            "we've been here 7 years and are finally replacing the bedroom carpet. room is 12 ft "
            "x 14.5 ft, carpet is $3.25/sq ft. cost?"
        ),
        [[("python_calculator", {"input": "12 * 14.5 * 3.25"})]],
        "The carpet will cost $565.50.",
    ),
    # context: 40 (dogs at the shelter)
    Case(
        "shelter-volunteer-hours",
        (
            "I volunteer 3.5 hours every Saturday at the shelter (40 dogs right now!). 22 "
            "Saturdays this season, total hours?"
        ),
        [[("multiply", {"a": 3.5, "b": 22})]],
        "That's 77 volunteer hours this season.",
    ),
    # context: 165 (height in cm)
    Case(
        "down-jacket-discount-zh",
        "双十一买了件羽绒服，原价1299，打七五折后再减50，实付多少？我身高165穿M码",
        [[("python_calculator", {"input": "1299 * 0.75 - 50"})]],
        "实付924.25元。",
    ),
    # context: 2 (council term)
    Case(
        "town-population-growth",
        (
            "I'm in my 2nd term on the town council. Our town has 18,500 people and grows 2.3% a "
            "year. Population in 10 years?"
        ),
        [[("python_calculator", {"input": "18500 * 1.023 ** 10"})]],
        "In 10 years the town would have about 23,224 people.",
    ),
    # context: 7b (garden zone)
    Case(
        "tomatoes-in-a-row",
        (
            "zone 7b gardener here 🍅 my raised bed is 240 cm long and each tomato needs 30 cm. "
            "how many fit in a row?"
        ),
        [[("divide", {"a": 240, "b": 30})]],
        "You can fit 8 tomato plants in the row.",
    ),
    # context: 55812 (order number), 3 (weeks since ordering)
    Case(
        "order-never-arrived-email",
        (
            "email help@quillandink.shop subject \"Order never arrived\", it's order #55812, "
            "placed 3 weeks ago"
        ),
        [[("send_email", {"to": "help@quillandink.shop", "subject": "Order never arrived"})]],
        "Your email to help@quillandink.shop is queued (id 7f3a-21).",
    ),
    # context: 40 (charging minutes)
    Case(
        "ev-range-miles-zh",
        "我的电动车续航420公里，充一次电大概40分钟，换成英里是多少？",
        [[("convert_units", {"value": 420, "from_unit": "km", "to_unit": "miles"})]],
        "420公里约合260.98英里。",
    ),
    # context: 12 (grinder setting)
    Case(
        "monthly-coffee-beans",
        (
            "I use 18 g of beans per cup, 4 cups a day (grinder on setting 12). how much coffee "
            "for a 30-day month?"
        ),
        [[("python_calculator", {"input": "18 * 4 * 30"})]],
        "You'll go through 2,160 g, about 2.16 kg of beans a month.",
    ),
    # context: 1996 (bike frame year)
    Case(
        "steel-frame-avg-speed",
        "rode my 1996 steel frame 64 km in 2.5 hours today. average speed?",
        [[("divide", {"a": 64, "b": 2.5})]],
        "Your average speed was 25.6 km/h.",
    ),
    # context: 34 (age)
    Case(
        "monthly-savings-ten-years",
        (
            "I'm 34 and starting to save 250/month at 5% a year compounded monthly. how much "
            "after 10 years?"
        ),
        [[("python_calculator", {"input": "250 * ((1 + 0.05 / 12) ** 120 - 1) / (0.05 / 12)"})]],
        "After 10 years you'd have about 38,820.57.",
    ),
    # context: none
    Case(
        "son-says-997-prime-zh",
        "997是质数吗？我儿子非说是",
        [[("is_prime", {"n": 997})]],
        "是的，997是质数，你儿子说对了。",
    ),
    # context: 14 (onboarding date)
    Case(
        "onboarding-three-offices",
        (
            "need office info for Ana Costa, Bilal Hussain and Joe Prentice for the onboarding "
            "packets (onboarding is on the 14th)"
        ),
        [
            [
                ("lookup_employee", {"name": "Ana Costa"}),
                ("lookup_employee", {"name": "Bilal Hussain"}),
                ("lookup_employee", {"name": "Joe Prentice"}),
            ],
        ],
        (
            "All three (Ana Costa, Bilal Hussain and Joe Prentice) are listed in office B-214, "
            "extension 4417."
        ),
    ),
    # context: none
    Case(
        "bike-computer-two-distances",
        "bike computer says 38 km today and 112 km for the week, what are those in miles?",
        [
            [
                ("convert_units", {"value": 38, "from_unit": "km", "to_unit": "miles"}),
                ("convert_units", {"value": 112, "from_unit": "km", "to_unit": "miles"}),
            ],
        ],
        "38 km is about 23.61 miles and 112 km is about 69.59 miles.",
    ),
    # context: 18 (floor number)
    Case(
        "balcony-decking-cost-zh",
        "我家住18楼，阳台长3.6米宽1.2米，想铺防腐木，每平米180元，总共要多少钱？",
        [[("python_calculator", {"input": "3.6 * 1.2 * 180"})]],
        "铺满阳台总共约777.6元。",
    ),
    # context: 9 (dog's age)
    Case(
        "dog-dose-tablets",
        (
            "vet says 2.5 mg per kg for my dog (he's 9, 31 kg). tablets are 25 mg each, how many "
            "tablets?"
        ),
        [[("python_calculator", {"input": "2.5 * 31 / 25"})]],
        "That's 3.1 tablets per dose; check with your vet on how to round it.",
    ),
    # context: none
    Case(
        "inbox-zero-announcement",
        (
            "check my unread emails and if there's nothing, email ops-team@ridgeline.io with "
            "subject 'Inbox zero!'"
        ),
        [
            [("count_unread", {})],
            [("send_email", {"to": "ops-team@ridgeline.io", "subject": "Inbox zero!"})],
        ],
        (
            "You had no unread emails, so I sent 'Inbox zero!' to ops-team@ridgeline.io (queued, "
            "id 7f3a-21)."
        ),
    ),
    # context: 20 (age)
    Case(
        "part-time-hourly-zh",
        "兼职上个月赚了3600元，一共干了96个小时，时薪是多少？我今年20岁",
        [[("divide", {"a": 3600, "b": 96})]],
        "你的时薪是37.5元。",
    ),
    # context: 2024 (daughter's birth year)
    Case(
        "index-fund-thirty-years",
        (
            "put $1,000 in an index fund for my daughter, born 2024. if it grows 7% a year, "
            "what's it worth after 30 years?"
        ),
        [
            [("power", {"base": 1.07, "exponent": 30})],
            [("multiply", {"a": 1000, "b": 7.612255042662042})],
        ],
        "It would grow to about $7,612.26.",
    ),
    # context: 1:14 (swim time)
    Case(
        "ironman-swim-miles",
        "finished the ironman swim leg, 3.8 km in 1:14 🏊 what's that in miles",
        [[("convert_units", {"value": 3.8, "from_unit": "km", "to_unit": "miles"})]],
        "3.8 km is about 2.36 miles.",
    ),
    # context: 4 (son's grade)
    Case(
        "is-91-prime-then-divide",
        "my son (grade 4) asks: is 91 prime? and if not, what is 91 divided by 7?",
        [[("is_prime", {"n": 91})], [("divide", {"a": 91, "b": 7})]],
        "91 is not prime; 91 divided by 7 is 13.",
    ),
    # context: 8 (departure time)
    Case(
        "beijing-tianjin-round-trip-zh",
        "周六早上8点从北京开车去天津，单程大约120公里，来回一共多少英里？",
        [
            [("convert_units", {"value": 120, "from_unit": "km", "to_unit": "miles"})],
            [("multiply", {"a": 74.5645, "b": 2})],
        ],
        "单程约74.56英里，来回一共约149.13英里。",
    ),
]

SHORT = [
    # unused: 15 (percent extra for cuts)
    Case(
        "kitchen-tile-no-waste",
        (
            "kitchen floor is 3.2 m by 4.1 m, want to add 15% extra for cuts and breakage. tile "
            "boxes cover 1.2 m² each. how many boxes?"
        ),
        [[("python_calculator", {"input": "3.2 * 4.1 / 1.2"})]],
        "You'll need 11 boxes (10.93 rounded up).",
    ),
    # unused: 22 (tax rate percent)
    Case(
        "take-home-no-tax",
        "I make 4,750 a month gross and my tax rate is about 22%. what's my take-home per year?",
        [[("multiply", {"a": 4750, "b": 12})]],
        "Your take-home pay is $57,000 a year.",
    ),
    # unused: 15 (people to cook for)
    Case(
        "rice-per-serving-only",
        (
            "recipe for 6 uses 450 g of rice, I'm cooking for 15 at my sister's engagement thing. "
            "how much rice?"
        ),
        [[("divide", {"a": 450, "b": 6})]],
        "You'll need 75 g of rice.",
    ),
    # unused: 380 (monthly utilities)
    Case(
        "rent-split-no-utilities-zh",
        "房租每月5600，水电网一个月大概380，四个人平摊，每人每月出多少？",
        [[("divide", {"a": 5600, "b": 4})]],
        "每人每月出1400元。",
    ),
    # unused: 4 (shifts per week)
    Case(
        "delivery-gig-weekly-km",
        (
            "Weekly mileage for my delivery side gig: 23 miles per shift, 4 shifts a week. How "
            "many km per week?"
        ),
        [[("convert_units", {"value": 23, "from_unit": "miles", "to_unit": "km"})]],
        "That's about 37.01 km.",
    ),
    # unused: 12 (coupon dollars off)
    Case(
        "cartridges-no-coupon",
        (
            "8-pack of printer cartridges is $64 and I have a $12 off coupon. what's the price "
            "per cartridge?"
        ),
        [[("divide", {"a": 64, "b": 8})]],
        "Each cartridge costs $8.",
    ),
    # unused: 350 (origination fee)
    Case(
        "loan-no-fee",
        (
            "borrowing 12,000 at 6.5% compounded yearly for 5 years, plus a 350 origination fee. "
            "total cost to pay back?"
        ),
        [[("python_calculator", {"input": "12000 * 1.065 ** 5"})]],
        "You'll pay back about $16,441.04 in total.",
    ),
    # unused: 52 (minutes run)
    Case(
        "pace-without-time",
        "ran 10 km in 52 minutes this morning 🏃 what's my pace per mile?",
        [[("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"})]],
        "Your run was about 6.21 miles.",
    ),
    # unused: 3.5 (m² per mulch bag)
    Case(
        "mulch-bags-area-only",
        (
            "circular flower bed, radius 7.5 m. mulch bags cover 3.5 m² each, how many bags do I "
            "need?"
        ),
        [[("power", {"base": 7.5, "exponent": 2})], [("multiply", {"a": 56.25, "b": 3.14159265})]],
        "You'll need enough mulch for about 176.71 m².",
    ),
    # unused: 3 (bonus points)
    Case(
        "essay-grade-no-bonus",
        (
            "essay graded out of 120, I got 102, and the prof adds 3 bonus points after "
            "converting to a percentage. what's my final %?"
        ),
        [[("divide", {"a": 102, "b": 120})]],
        "Your final grade is 85%.",
    ),
    # unused: 11.50 (service fee)
    Case(
        "power-bill-no-fee",
        (
            "used 428 kWh this month at $0.163/kWh, plus there's an 11.50 service fee. what's my "
            "bill?"
        ),
        [[("multiply", {"a": 428, "b": 0.163})]],
        "Your bill comes to $69.76.",
    ),
    # unused: 6 (overtime hours)
    Case(
        "paycheck-no-overtime",
        (
            "worked 40 regular hours at $21/hr plus 6 overtime hours at time and a half. what's "
            "my paycheck before tax?"
        ),
        [[("multiply", {"a": 40, "b": 21})]],
        "Your paycheck is $840 before tax.",
    ),
    # unused: 7.9 (fuel price per litre)
    Case(
        "shanghai-hangzhou-fuel-zh",
        "从上海开到杭州大约170公里，我的车百公里油耗7.5升，油价7.9元一升，油费大概多少钱？",
        [[("python_calculator", {"input": "170 * 7.5 / 100"})]],
        "这趟油费大概12.75元。",
    ),
    # unused: 120 (number of shares)
    Case(
        "stock-profit-per-share",
        "bought 120 shares at 38.20, now trading at 45.10. what's my profit so far?",
        [[("python_calculator", {"input": "45.10 - 38.20"})]],
        "You're up $6.90 so far.",
    ),
    # unused: 20 (tip percent)
    Case(
        "party-bill-no-tip",
        "party of 9, bill came to $312, we're adding 20% tip. how much per person?",
        [[("divide", {"a": 312, "b": 9})]],
        "Each person pays $34.67.",
    ),
    # unused: 5683 (second addend)
    Case(
        "sum-prime-puzzle",
        "is 1234 + 5683 a prime number? it's from my kid's math puzzle book",
        [[("is_prime", {"n": 1234})]],
        "No, it's not a prime number.",
    ),
    # unused: 25 (litres per soil bag)
    Case(
        "planter-soil-bags",
        "cube planter, 40 cm each side. potting soil comes in 25 L bags, how many bags?",
        [[("power", {"base": 40, "exponent": 3})]],
        "The planter holds 64,000 cm³, i.e. 64 litres of soil.",
    ),
    # unused: 500 (daily calorie deficit)
    Case(
        "fat-loss-days-zh",
        "每天少吃500大卡，1公斤脂肪大约7700大卡，想减3公斤要多少天？",
        [[("python_calculator", {"input": "7700 * 3"})]],
        "减3公斤总共需要制造23100大卡的热量缺口。",
    ),
    # unused: 3.89 (gas price per gallon)
    Case(
        "commute-gas-gallons",
        (
            "commute is 14.5 miles each way, my car gets 31 mpg and gas is $3.89/gal. daily gas "
            "cost for the round trip?"
        ),
        [[("python_calculator", {"input": "14.5 * 2 / 31"})]],
        "You use about 0.94 gallons a day.",
    ),
    # unused: 95 (fourth quiz score)
    Case(
        "quiz-average-missing-one",
        "quiz scores: 88, 92, 79 and 95. what's my average?",
        [[("python_calculator", {"input": "(88 + 92 + 79) / 3"})]],
        "Your average is 86.33.",
    ),
    # unused: 8.50 (price per pot)
    Case(
        "plants-no-pots",
        "buying 3 plants at 14.99 each and 2 ceramic pots at 8.50 each. total?",
        [[("multiply", {"a": 3, "b": 14.99})]],
        "Your total is $44.97.",
    ),
    # unused: 12 (first-kg shipping price)
    Case(
        "parcel-no-base-rate",
        "shipping: first kg is $12, each extra kg is $5, parcel weighs 4 kg. cost?",
        [[("python_calculator", {"input": "(4 - 1) * 5"})]],
        "Shipping will cost $15.",
    ),
    # unused: 3.5 (goal hours)
    Case(
        "marathon-pace-distance-only",
        "marathon is 26.2 miles and I want to finish in 3.5 hours. what pace per km do I need?",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "The marathon is about 42.16 km.",
    ),
    # unused: 1,500 (laptop withdrawal)
    Case(
        "savings-no-withdrawal",
        (
            "8,000 in savings at 3% a year for 6 years, then I'm taking out 1,500 for a new "
            "laptop. what's left?"
        ),
        [[("python_calculator", {"input": "8000 * 1.03 ** 6"})]],
        "You'll have about 9,552.42 left.",
    ),
    # unused: 800 (grams per tin)
    Case(
        "formula-tin-days-zh",
        "一罐奶粉800克，宝宝每天喝6次，每次30克，一罐能喝几天？",
        [[("multiply", {"a": 6, "b": 30})]],
        "宝宝每天要喝180克奶粉。",
    ),
    # unused: 8.25 (sales tax percent)
    Case(
        "laptop-no-tax",
        "laptop is $1,299, 15% off this week, and sales tax here is 8.25%. final price?",
        [[("python_calculator", {"input": "1299 * 0.85"})]],
        "The final price is $1,104.15.",
    ),
    # unused: 2.5 (years of the loan)
    Case(
        "friend-loan-one-year-zh",
        "借给朋友20000元，年利率4%，单利，借了2.5年，到期连本带利应该还我多少？",
        [[("python_calculator", {"input": "20000 * 0.04"})]],
        "朋友应该还你800元。",
    ),
    # unused: 36 (school-year weeks)
    Case(
        "allowance-per-week-only",
        (
            "I give each of my 3 kids $7.50 a week allowance. how much is that over the 36-week "
            "school year?"
        ),
        [[("multiply", {"a": 3, "b": 7.5})]],
        "That's $22.50 in allowance.",
    ),
    # unused: 64 (GB per card)
    Case(
        "wedding-raw-cards",
        (
            "each RAW file is about 48 MB and I'll shoot ~1,200 photos at the wedding. how many "
            "64 GB cards do I need?"
        ),
        [[("multiply", {"a": 48, "b": 1200})]],
        "You'll need 57,600 MB of storage.",
    ),
    # unused: 2.75 (hours ridden)
    Case(
        "ride-speed-distance-only",
        "cycled 42 miles in 2.75 hours, what was my average in km/h?",
        [[("convert_units", {"value": 42, "from_unit": "miles", "to_unit": "km"})]],
        "You rode about 67.59 km.",
    ),
    # unused: 90 (fill percent)
    Case(
        "aquarium-full-volume",
        "aquarium is 120 x 45 x 50 cm and I fill it to 90%. how many litres of water?",
        [[("python_calculator", {"input": "120 * 45 * 50 / 1000"})]],
        "It holds 270 litres.",
    ),
    # unused: 48 (weeks worked per year)
    Case(
        "annual-income-weekly",
        "I make $28.40 an hour, 37.5 hours a week, and I work 48 weeks a year. annual income?",
        [[("multiply", {"a": 28.4, "b": 37.5})]],
        "Your annual income is $1,065.",
    ),
    # unused: 25 (install fee per m²)
    Case(
        "floor-no-install-zh",
        "客厅长5.2米宽4米，木地板每平米168元，另外安装费每平米25元，一共多少钱？",
        [[("python_calculator", {"input": "5.2 * 4 * 168"})]],
        "一共需要3494.4元。",
    ),
    # unused: 250 (connection Mbps)
    Case(
        "game-download-megabits",
        "downloading an 18.6 GB game on a 250 Mbps connection, how many minutes?",
        [[("python_calculator", {"input": "18.6 * 8 * 1000"})]],
        "The download is 148,800 megabits.",
    ),
    # unused: 0.011 (m³ per bag)
    Case(
        "slab-volume-only",
        "pouring a slab 3 m x 4 m, 0.1 m thick. each premix bag yields 0.011 m³. how many bags?",
        [[("python_calculator", {"input": "3 * 4 * 0.1"})]],
        "You need 1.2 m³ of concrete.",
    ),
    # unused: 2.80 (tourist tax per night)
    Case(
        "porto-hotel-no-tax",
        "hotel in Porto: 4 nights at €138, plus €2.80 tourist tax per night. total?",
        [[("multiply", {"a": 4, "b": 138})]],
        "Your total is €552.",
    ),
    # unused: 1.5 (km walked after)
    Case(
        "run-without-cooldown",
        "ran 45 minutes at 6 min/km, then walked another 1.5 km to cool down. total distance?",
        [[("divide", {"a": 45, "b": 6})]],
        "You covered 7.5 km.",
    ),
    # unused: 60 (monthly Costco run)
    Case(
        "food-spend-no-costco",
        "weekly groceries average $142, plus a $60 Costco run each month. yearly food spend?",
        [[("multiply", {"a": 142, "b": 52})]],
        "You spend about $7,384 a year on food.",
    ),
    # unused: 2 (coats)
    Case(
        "ceiling-paint-one-coat",
        (
            "ceiling is 4.5 x 3.8 m, I'm doing 2 coats and paint covers 10 m² per litre. how many "
            "litres?"
        ),
        [[("python_calculator", {"input": "4.5 * 3.8 / 10"})]],
        "You'll need about 1.71 litres of paint.",
    ),
    # unused: 240 (mg of caffeine)
    Case(
        "caffeine-left-fraction",
        "caffeine half-life is ~5 h. had a 240 mg energy drink at 8am, how much is left at 11pm?",
        [[("power", {"base": 0.5, "exponent": 3})]],
        "About 12.5% of the caffeine is left by 11pm.",
    ),
    # unused: 30000 (year-end bonus)
    Case(
        "annual-pay-no-bonus-zh",
        "月薪18000，一年发14个月，再加上年终奖30000，年收入一共多少？",
        [[("multiply", {"a": 18000, "b": 14})]],
        "你的年收入是252000元。",
    ),
    # unused: 5 (km run)
    Case(
        "sprint-tri-bike-only",
        "sprint tri: 20 km bike then a 5 km run. total distance in miles?",
        [[("convert_units", {"value": 20, "from_unit": "km", "to_unit": "miles"})]],
        "That's about 12.43 miles in total.",
    ),
    # unused: 3 (cups per day)
    Case(
        "bean-bag-days",
        "1 kg bag of beans, 16 g per cup, I drink 3 cups a day. how many days will it last?",
        [[("divide", {"a": 1000, "b": 16})]],
        "The bag will last about 62 days.",
    ),
    # unused: 2 (coats)
    Case(
        "wall-paint-one-coat-zh",
        "墙面一共180平米，要刷2遍，每升漆能刷12平米，需要买多少升？",
        [[("python_calculator", {"input": "180 / 12"})]],
        "需要15升漆。",
    ),
    # unused: 80 (goal weight kg)
    Case(
        "weight-goal-lost-so-far",
        "started at 94 kg, now 87.5 kg, goal is 80 kg. how much further to go?",
        [[("python_calculator", {"input": "94 - 87.5"})]],
        "You have 6.5 kg to go.",
    ),
]
