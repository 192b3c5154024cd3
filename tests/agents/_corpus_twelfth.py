"""Recorded agent runs for the answer-stands checks: each case is one user request typed into a
chat assistant with arithmetic, email, directory and distance tools, the tool calls it made (as
rounds of calls) and its final answer. STAND holds 80 runs where the assistant called the tools
the request needed with the right numbers and answered correctly (15 of them in Chinese;
65 requests also mention numbers the computation does not need, 15 mention none). SHORT holds 45
runs where the assistant never passed a needed number from the request to any tool and reported
an intermediate result as the final answer (8 of them in Chinese)."""

from __future__ import annotations

from test_answers_stand import Case

STAND = [
    # context: 7 (daughter's age)
    Case(
        "repaint-daughters-room",
        (
            "hey so im repainting my daughter's room before she turns 7 🎨 walls are 3.8m and "
            "3.1m, ceiling height 2.45m. how many square meters of wall is that total (all "
            "the walls, ignore the door)"
        ),
        [[("python_calculator", {"input": "2 * (3.8 + 3.1) * 2.45"})]],
        "The four walls come to about 33.81 m² of paintable area.",
    ),
    # context: 5 (past race distance in km)
    Case(
        "first-half-marathon-km",
        (
            "Signed up for my first half marathon in October!! 13.1 miles — what's that in km? "
            "I've only ever run 5k races lol"
        ),
        [[("convert_units", {"value": 13.1, "from_unit": "miles", "to_unit": "km"})]],
        "13.1 miles is about 21.08 km. Good luck in October! 🏃",
    ),
    # context: 12 (flat number), 3 (days without hot water)
    Case(
        "landlord-boiler-email",
        (
            "can you email my landlord at r.okafor@brightlets.co.uk with subject 'Boiler broken "
            "again' pls, i'm in flat 12 and it's been 3 days with no hot water"
        ),
        [[("send_email", {"to": "r.okafor@brightlets.co.uk", "subject": "Boiler broken again"})]],
        (
            "Done — your email to the landlord is queued (id 7f3a-25). Fingers crossed for hot "
            "water soon."
        ),
    ),
    # context: 3 (quarter), 2:30 (meeting time)
    Case(
        "priya-extension-budget",
        (
            "What's Priya Raman's extension? need to call her about the Q3 budget, meeting got "
            "moved to 2:30"
        ),
        [[("lookup_employee", {"name": "Priya Raman"})]],
        "Priya Raman is in office B-214, extension 4417.",
    ),
    # context: 10 (days away)
    Case(
        "back-from-lisbon-inbox",
        (
            "back from 10 days in Lisbon ☀️ do I have any unread emails or did my out-of-office "
            "actually do its job"
        ),
        [[("count_unread", {})]],
        "Your out-of-office did its job: you have 0 unread emails.",
    ),
    # context: 9 (son's age)
    Case(
        "house-number-prime-son",
        "our new house number is 8191, my son (he's 9) insists it's a prime number. is he right?",
        [[("is_prime", {"n": 8191})]],
        "He's right — 8191 is a prime number.",
    ),
    # context: 34 (the user's age)
    Case(
        "cd-five-thousand-six-years",
        (
            "If I put $5,000 in a CD at 4.5% compounded yearly for 6 years, what will it be "
            "worth? I'm 34 and trying to actually adult lol"
        ),
        [
            [("python_calculator", {"input": "1 + 4.5 / 100"})],
            [("power", {"base": 1.045, "exponent": 6})],
            [("multiply", {"a": 5000, "b": 1.3022601248475152})],
        ],
        "After 6 years the CD would be worth about $6,511.30.",
    ),
    # context: none
    Case(
        "hongshaorou-for-twelve",
        "我要做红烧肉给12个人吃，原来的菜谱是4人份用了500克五花肉，那我需要多少克？",
        [[("python_calculator", {"input": "500 / 4 * 12"})]],
        "12个人的份量需要1500克五花肉。",
    ),
    # context: none
    Case(
        "dinner-split-salad",
        (
            "dinner for 6 came to $287.40 incl tip, we're splitting evenly. my share? (I only had "
            "a salad 🙄)"
        ),
        [[("divide", {"a": 287.40, "b": 6})]],
        "Split evenly, your share is $47.90 — salad or not.",
    ),
    # context: 2 (dogs)
    Case(
        "denver-moab-gas",
        (
            "Road trip from Denver to Moab is about 354 miles, my car gets 31 mpg and gas is "
            "$3.89/gal. How much for gas one way? Leaving friday with my 2 dogs"
        ),
        [[("python_calculator", {"input": "354 / 31 * 3.89"})]],
        "Gas for the one-way drive should run about $44.42.",
    ),
    # context: 2015 (year of the old device)
    Case(
        "bike-computer-km-to-miles",
        (
            "Bike computer says I rode 64.5 km today. what is that in miles? my old garmin from "
            "2015 was set to miles and I miss it"
        ),
        [[("convert_units", {"value": 64.5, "from_unit": "km", "to_unit": "miles"})]],
        "64.5 km is about 40.08 miles — nice ride!",
    ),
    # context: 3 (time of the delivery)
    Case(
        "zhang-wei-office",
        "帮我查一下张伟的办公室在哪，我下午3点要给他送合同",
        [[("lookup_employee", {"name": "张伟"})]],
        "张伟在B-214办公室，分机号是4417。",
    ),
    # context: 20 (minutes per doubling), 2 (days until report is due)
    Case(
        "bio-lab-doublings",
        (
            "for my bio lab: culture doubles every 20 min, starting with 150 cells. how many "
            "after 8 doublings? (lab report due in 2 days help)"
        ),
        [
            [("power", {"base": 2, "exponent": 8})],
            [("multiply", {"a": 150, "b": 256})],
        ],
        "After 8 doublings you'd have 38,400 cells.",
    ),
    # context: 4 (years since divorce)
    Case(
        "kitchen-tiles-extra",
        (
            "Kitchen floor is 14.5 ft by 11 ft. Tiles cover 2.25 sq ft each. How many tiles do I "
            "need if I want 10% extra for cuts? first big DIY job on my own since my divorce 4 "
            "years ago lol"
        ),
        [[("python_calculator", {"input": "14.5 * 11 / 2.25 * (1 + 10 / 100)"})]],
        "That works out to about 77.98, so buy 78 tiles. You've got this!",
    ),
    # context: 1 and 5 (maintenance window hours), 40 (people on the list)
    Case(
        "ops-maintenance-notice",
        (
            "shoot an email to ops-team@kestrel.io subject 'Server maintenance moved to Sunday' "
            "— we're down from 1am to 5am, 40 ppl on the list"
        ),
        [
            [
                (
                    "send_email",
                    {"to": "ops-team@kestrel.io", "subject": "Server maintenance moved to Sunday"},
                )
            ]
        ],
        "Sent — the maintenance notice to ops-team@kestrel.io is queued as 7f3a-19.",
    ),
    # context: 3 (months the colleague has been here)
    Case(
        "commute-km-for-colleague",
        (
            "It's 42 km from my place to the office, what's that in miles? asking for a colleague "
            "who moved here 3 months ago"
        ),
        [[("convert_units", {"value": 42, "from_unit": "km", "to_unit": "miles"})]],
        "42 km is about 26.1 miles.",
    ),
    # context: 2110 (course number)
    Case(
        "rsa-homework-prime",
        "is 1000003 prime? doing RSA homework for CS 2110, prof said we can use tools",
        [[("is_prime", {"n": 1000003})]],
        "Yes, 1000003 is prime.",
    ),
    # context: 3 (child's age)
    Case(
        "mortgage-320k",
        (
            "monthly payment on a $320,000 loan at 6.25% for 30 yrs? we have a 3 year old and "
            "another on the way so trying to budget"
        ),
        [
            [
                (
                    "python_calculator",
                    {
                        "input": "320000 * (6.25 / 100 / 12) / "
                        "(1 - (1 + 6.25 / 100 / 12) ** (-30 * 12))"
                    },
                )
            ]
        ],
        "The monthly payment would be about $1,970.30 (principal and interest).",
    ),
    # context: 2 (weeks at the job)
    Case(
        "bakery-gross-pay",
        (
            "I worked 37.5 hrs this week at $22.40/hr. what's my gross pay before taxes? it's my "
            "2nd week at the bakery 🥐"
        ),
        [[("multiply", {"a": 37.5, "b": 22.40})]],
        "Your gross pay this week is $840.00 before taxes.",
    ),
    # context: none
    Case(
        "shared-flat-big-room",
        "我们3个人合租，月租6900，我的房间最大所以多付500，剩下的平分。我每个月要付多少？",
        [[("python_calculator", {"input": "(6900 - 500) / 3 + 500"})]],
        "你每个月要付约2633.33元。",
    ),
    # context: 3 (tomato varieties)
    Case(
        "raised-bed-soil-bags",
        (
            "raised bed 8ft x 4ft, 1.5ft deep. how many cubic feet of soil? bags are sold in 2 "
            "cu ft so also how many bags. planting 3 kinds of tomatoes 🍅"
        ),
        [
            [("python_calculator", {"input": "8 * 4 * 1.5"})],
            [("divide", {"a": 48, "b": 2})],
        ],
        "The bed needs 48 cubic feet of soil, which is 24 bags.",
    ),
    # context: 18,000 (steps)
    Case(
        "steps-walk-miles",
        "Walked 18,000 steps today which my watch says is 13.7 km. how many miles is that?",
        [[("convert_units", {"value": 13.7, "from_unit": "km", "to_unit": "miles"})]],
        "13.7 km is about 8.51 miles. Great walk!",
    ),
    # context: 301 (user's own office number)
    Case(
        "marcus-desk-swap",
        (
            "Find out where Marcus Bell sits and then email him at m.bell@ardent-labs.com with "
            "subject 'Desk swap?' — I'm in B-301 and want his spot by the window"
        ),
        [
            [("lookup_employee", {"name": "Marcus Bell"})],
            [("send_email", {"to": "m.bell@ardent-labs.com", "subject": "Desk swap?"})],
        ],
        (
            "Marcus Bell sits in office B-214 (extension 4417). I've emailed him about the desk "
            "swap; it's queued as 7f3a-22."
        ),
    ),
    # context: 2 (weeks until winter break)
    Case(
        "semester-average-five",
        "我这学期5门课分数是88、92、76、95、81，平均分多少？还有2周就放寒假了",
        [[("python_calculator", {"input": "(88 + 92 + 76 + 95 + 81) / 5"})]],
        "你这学期的平均分是86.4分。",
    ),
    # context: 4 (people sharing the pizza)
    Case(
        "password-combos-bet",
        (
            "how many possible 6-character passwords if each char can be one of 62 options? "
            "arguing with my roommate, loser buys pizza for the 4 of us"
        ),
        [[("power", {"base": 62, "exponent": 6})]],
        "There are 56,800,235,584 possible passwords — about 56.8 billion.",
    ),
    # context: 2 (cans drunk per day)
    Case(
        "sparkling-water-per-can",
        (
            "Costco sells a 48-pack of sparkling water for $17.99, Target has a 12-pack for "
            "$5.49. "
            "which is cheaper per can? we go through like 2 cans a day"
        ),
        [
            [
                ("divide", {"a": 17.99, "b": 48}),
                ("divide", {"a": 5.49, "b": 12}),
            ]
        ],
        "Costco wins: about $0.37 per can versus about $0.46 per can at Target.",
    ),
    # context: none
    Case(
        "cherries-ten-off",
        "bought 3 lbs of cherries at $6.80/lb and the guy gave me 10% off. what did I pay?",
        [[("python_calculator", {"input": "3 * 6.80 * (1 - 10 / 100)"})]],
        "You paid $18.36 for the cherries.",
    ),
    # context: 90 (grandmother's birthday)
    Case(
        "grandma-90th-flight",
        "Flying to see my grandma for her 90th, the flight is 2,475 miles. how far is that in km?",
        [[("convert_units", {"value": 2475, "from_unit": "miles", "to_unit": "km"})]],
        "That flight is about 3,983 km. Have a wonderful visit!",
    ),
    # context: none
    Case(
        "passcode-primes",
        "my phone passcode idea is 7919 or 7921. are those prime? i like primes",
        [
            [
                ("is_prime", {"n": 7919}),
                ("is_prime", {"n": 7921}),
            ]
        ],
        "7919 is prime, but 7921 is not — go with 7919.",
    ),
    # context: 25 (party guests)
    Case(
        "inbox-then-party-note",
        (
            "check if I have unread mail and if not, send a quick note to "
            "dana.whitfield@gmail.com "
            "subject 'All clear for Saturday'. the party's for 25 people"
        ),
        [
            [("count_unread", {})],
            [
                (
                    "send_email",
                    {"to": "dana.whitfield@gmail.com", "subject": "All clear for Saturday"},
                )
            ],
        ],
        "You have 0 unread emails, so I sent the note to Dana — it's queued as 7f3a-24.",
    ),
    # context: 1 (train number)
    Case(
        "beijing-shanghai-speed",
        "高铁从北京到上海1318公里，用了4小时28分钟，平均时速多少？我坐的是G1次",
        [[("python_calculator", {"input": "1318 / (4 + 28 / 60)"})]],
        "平均时速大约是295.07公里/小时。",
    ),
    # context: 182 (body weight in lbs)
    Case(
        "rower-kcal",
        (
            "I burn about 11.2 kcal per minute on the rower, did 35 minutes. how many kcal? I'm "
            "182 lbs if that matters"
        ),
        [[("multiply", {"a": 11.2, "b": 35})]],
        "That session burned about 392 kcal.",
    ),
    # context: none
    Case(
        "wedding-video-ratio",
        "what's 1920 divided by 1080 as a ratio? editing my wedding video lol",
        [[("divide", {"a": 1920, "b": 1080})]],
        "1920 ÷ 1080 ≈ 1.778, so your footage is about 1.78 times as wide as it is tall.",
    ),
    # context: 5 (people at the table)
    Case(
        "thai-dinner-tip",
        (
            "our bill was $86.50, want to tip 18%. what's the tip and total? table of 5 at the "
            "thai place"
        ),
        [
            [
                ("python_calculator", {"input": "86.50 * 18 / 100"}),
                ("python_calculator", {"input": "86.50 * (1 + 18 / 100)"}),
            ]
        ],
        "An 18% tip is $15.57, bringing the total to $102.07.",
    ),
    # context: 6 (number of fish)
    Case(
        "fish-tank-liters",
        "鱼缸长80厘米宽35厘米高45厘米，能装多少升水？我养了6条孔雀鱼",
        [[("python_calculator", {"input": "80 * 35 * 45 / 1000"})]],
        "这个鱼缸装满大约是126升水。",
    ),
    # context: none
    Case(
        "transistor-doubling-essay",
        (
            "if chip transistor count doubles every 2 years, how many times more after 20 years? "
            "for my econ essay"
        ),
        [
            [("python_calculator", {"input": "20 / 2"})],
            [("power", {"base": 2, "exponent": 10})],
        ],
        "That's 10 doublings, so 1,024 times as many transistors.",
    ),
    # context: 2 (boxes of donuts each)
    Case(
        "donut-drop-offices",
        (
            "Need offices for both Hannah Lindqvist and Tomás Ferreira — I'm dropping off 2 boxes "
            "of donuts each 🍩"
        ),
        [
            [
                ("lookup_employee", {"name": "Hannah Lindqvist"}),
                ("lookup_employee", {"name": "Tomás Ferreira"}),
            ]
        ],
        (
            "Both are in the same place: Hannah Lindqvist and Tomás Ferreira are in office B-214 "
            "(extension 4417), so one stop covers it."
        ),
    ),
    # context: 50 (target race distance in km)
    Case(
        "weekly-mileage-left",
        (
            "Training plan says 25 miles this week. I've done 3 runs of 8 km each. how many km do "
            "I have left? (building up for a 50k in spring)"
        ),
        [
            [("convert_units", {"value": 25, "from_unit": "miles", "to_unit": "km"})],
            [("python_calculator", {"input": "40.2336 - 3 * 8"})],
        ],
        "25 miles is 40.23 km, so you have about 16.23 km left this week.",
    ),
    # context: 28 (the user's age)
    Case(
        "deposit-five-years",
        "我想把100000元存5年，年利率2.1%，按年复利到期一共多少钱？我今年28岁想攒首付",
        [[("python_calculator", {"input": "100000 * (1 + 2.1 / 100) ** 5"})]],
        "5年后到期本息合计大约110950.36元。",
    ),
    # context: 600 (price of the e-bike)
    Case(
        "weekly-commute-km",
        (
            "my commute is 23.4 km each way, 5 days a week. how many km a week? considering "
            "switching to the e-bike my brother sold me for 600 bucks"
        ),
        [[("python_calculator", {"input": "23.4 * 2 * 5"})]],
        "Round trips five days a week add up to 234 km per week.",
    ),
    # context: 400 (pages already read this month)
    Case(
        "thesis-pages-per-day",
        (
            "I have 150 pages left in my thesis reading and 12 days until the defense. pages per "
            "day? (already read like 400 this month 😩)"
        ),
        [[("divide", {"a": 150, "b": 12})]],
        "You'll need to read 12.5 pages a day. Almost there!",
    ),
    # context: 5 (days of leave)
    Case(
        "annual-leave-email-hr",
        "帮我给hr@xinghe-tech.cn发一封邮件，主题写'年假申请'，我想请5天假回老家",
        [[("send_email", {"to": "hr@xinghe-tech.cn", "subject": "年假申请"})]],
        "邮件已经发给hr@xinghe-tech.cn，排队编号是7f3a-17。",
    ),
    # context: none
    Case(
        "birth-year-lucky-prime",
        "take my birth year 1997, add my lucky number 14, is the result prime?",
        [
            [("python_calculator", {"input": "1997 + 14"})],
            [("is_prime", {"n": 2011})],
        ],
        "1997 + 14 = 2011, and 2011 is prime. Lucky indeed!",
    ),
    # context: 7 (kids to feed)
    Case(
        "pizza-sizes-compare",
        (
            "Is one 18 inch pizza more pizza than two 12 inch? need the area of each option. "
            "we're feeding 7 kids"
        ),
        [
            [
                ("python_calculator", {"input": "3.14159 * (18 / 2) ** 2"}),
                ("python_calculator", {"input": "2 * 3.14159 * (12 / 2) ** 2"}),
            ]
        ],
        (
            "One 18-inch pizza is about 254.47 sq in, while two 12-inch pizzas are about 226.19 "
            "sq in, so the single 18-inch gives you more."
        ),
    ),
    # context: 4 (treadmill incline)
    Case(
        "treadmill-miles-km",
        "My treadmill only shows miles. I did 6.2 miles at incline 4. how many km?",
        [[("convert_units", {"value": 6.2, "from_unit": "miles", "to_unit": "km"})]],
        "6.2 miles is about 9.98 km.",
    ),
    # context: none
    Case(
        "down-jacket-singles-day",
        "一件羽绒服原价1299，双十一打75折再减50，最后多少钱？",
        [[("python_calculator", {"input": "1299 * 75 / 100 - 50"})]],
        "打完折再减50，最后是924.25元。",
    ),
    # context: 1962 (year the apartment was built)
    Case(
        "space-heater-monthly",
        (
            "space heater is 1500 watts, I run it 6 hrs a day, electricity is 14.2 cents/kWh. "
            "cost per month (30 days)? my apartment is from 1962 and freezing"
        ),
        [[("python_calculator", {"input": "1500 / 1000 * 6 * 30 * 14.2 / 100"})]],
        "Running it that much costs about $38.34 a month.",
    ),
    # context: 204 (section number)
    Case(
        "ta-office-hours-swap",
        (
            "what's the extension for Olu Adeyemi? also email him at olu.adeyemi@northfield.edu "
            "subject 'Office hours swap'. my section is 204"
        ),
        [
            [
                ("lookup_employee", {"name": "Olu Adeyemi"}),
                (
                    "send_email",
                    {"to": "olu.adeyemi@northfield.edu", "subject": "Office hours swap"},
                ),
            ]
        ],
        (
            "Olu Adeyemi is on extension 4417 (office B-214), and your email about swapping "
            "office hours is queued as 7f3a-26."
        ),
    ),
    # context: 1000 (shop sales milestone)
    Case(
        "etsy-stickers-print",
        (
            "printing 250 stickers at $0.18 each for my etsy shop, how much? shop just hit 1000 "
            "sales 🎉"
        ),
        [[("multiply", {"a": 250, "b": 0.18})]],
        "The stickers will cost $45.00 to print. Congrats on the milestone!",
    ),
    # context: 2022 (year of knee surgery)
    Case(
        "half-marathon-pace",
        (
            "ran a half today, 21.1 km in 1 hour 52 min. what's my average pace per km? first one "
            "since knee surgery in 2022"
        ),
        [[("python_calculator", {"input": "(1 * 60 + 52) / 21.1"})]],
        "Your average pace was about 5.31 minutes per km. Welcome back!",
    ),
    # context: 85k (asking price)
    Case(
        "square-plot-area",
        "plot of land is a square 37.5 m on a side, what's the area? the seller wants 85k for it",
        [[("power", {"base": 37.5, "exponent": 2})]],
        "The plot is 1,406.25 m².",
    ),
    # context: 40 (husband's birthday)
    Case(
        "sweater-skeins",
        (
            "pattern calls for 1,100 yards, each skein is 220 yards. how many skeins? knitting a "
            "sweater for my husband's 40th"
        ),
        [[("divide", {"a": 1100, "b": 220})]],
        "You'll need exactly 5 skeins — maybe grab a spare in the same dye lot.",
    ),
    # context: 6 and 8 (kids' ages)
    Case(
        "lawn-seed-bags",
        (
            "We have 1,250 sq ft of lawn to reseed and one bag covers 400 sq ft. how many bags "
            "should I grab? the kids (6 and 8) insist on helping spread it lol"
        ),
        [[("divide", {"a": 1250, "b": 400})]],
        "That's 3.125 bags' worth, so grab 4 bags to cover the whole lawn.",
    ),
    # context: 57 (club members)
    Case(
        "running-club-newsletter",
        (
            "convert 5 km, 10 km and 21.1 km to miles for my running club's newsletter (we have "
            "57 members now!)"
        ),
        [
            [
                ("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"}),
                ("convert_units", {"value": 10, "from_unit": "km", "to_unit": "miles"}),
                ("convert_units", {"value": 21.1, "from_unit": "km", "to_unit": "miles"}),
            ]
        ],
        "5 km ≈ 3.11 miles, 10 km ≈ 6.21 miles, and 21.1 km ≈ 13.11 miles.",
    ),
    # context: 4 (bedrooms in friend's house)
    Case(
        "texas-friend-commute",
        (
            "My American friend says he drives 35 miles to work. what's that in km? he lives in "
            "Texas in a 4-bedroom, everything's big there lol"
        ),
        [[("convert_units", {"value": 35, "from_unit": "miles", "to_unit": "km"})]],
        "35 miles is about 56.33 km.",
    ),
    # context: 2 (teenagers)
    Case(
        "drive-average-speed",
        "drove 412 km in 4.5 hours, average speed? my 2 teenagers complained the whole way ☕",
        [[("divide", {"a": 412, "b": 4.5})]],
        "Your average speed was about 91.56 km/h. Hope the snacks kept the peace!",
    ),
    # context: none
    Case(
        "terse-unread",
        "unread count?",
        [[("count_unread", {})]],
        "You have 0 unread emails.",
    ),
    # context: none
    Case(
        "terse-prime-221",
        "is 221 prime",
        [[("is_prime", {"n": 221})]],
        "No, 221 is not prime.",
    ),
    # context: 11 (dog's age)
    Case(
        "dog-food-bag",
        (
            "my dog eats 2.5 cups a day, the bag has about 64 cups. how many days will it last? "
            "she's 11 and a very good girl"
        ),
        [[("divide", {"a": 64, "b": 2.5})]],
        "The bag will last about 25.6 days, so a bit over three and a half weeks.",
    ),
    # context: 7 (staff at the shop)
    Case(
        "milk-tea-parttime-pay",
        "我时薪45块，这个月做了96个小时，加上全勤奖300，总共多少？我在奶茶店兼职，店里有7个人",
        [[("python_calculator", {"input": "45 * 96 + 300"})]],
        "这个月一共是4620元。",
    ),
    # context: 4 and 6 (print size in inches)
    Case(
        "photo-prints-order",
        "want 36 prints at 4x6 for 0.29 each and 3 enlargements at 8.99 each. total?",
        [[("python_calculator", {"input": "36 * 0.29 + 3 * 8.99"})]],
        "Your order comes to $37.41.",
    ),
    # context: 50 (sale discount percent)
    Case(
        "cube-planter-liters",
        (
            "cube-shaped planter 0.6 m on each side, how many liters of soil? got it at the 50% "
            "off sale"
        ),
        [
            [("power", {"base": 0.6, "exponent": 3})],
            [("multiply", {"a": 0.216, "b": 1000})],
        ],
        "The planter holds 0.216 m³, which is 216 liters of soil.",
    ),
    # context: 31 (years at the post office)
    Case(
        "retirement-email-gerald",
        (
            "email gerald.p@postmail.net, subject 'Happy retirement!! 🎉' — he's finally done "
            "after 31 years at the post office"
        ),
        [[("send_email", {"to": "gerald.p@postmail.net", "subject": "Happy retirement!! 🎉"})]],
        "Your retirement note to Gerald is on its way (queued id 7f3a-21). 🎉",
    ),
    # context: 2024 (rental car model year)
    Case(
        "la-vegas-road-trip",
        "下个月去美国自驾，从洛杉矶到拉斯维加斯大概270英里，合多少公里？租的车是2024款的",
        [[("convert_units", {"value": 270, "from_unit": "miles", "to_unit": "km"})]],
        "270英里大约是434.52公里。",
    ),
    # context: 14 (cat's age)
    Case(
        "cat-tablet-dose",
        (
            "vet says 5 mg per kg, my cat is 4.3 kg, tablets are 10 mg. how many tablets? she's "
            "14 years old and hates pills"
        ),
        [[("python_calculator", {"input": "5 * 4.3 / 10"})]],
        "That comes to 2.15 tablets per dose — ask your vet how best to split them.",
    ),
    # context: none
    Case(
        "shelter-fundraiser-percent",
        "we raised $3,420 toward our $5,000 goal for the animal shelter. what percent is that?",
        [[("python_calculator", {"input": "3420 / 5000 * 100"})]],
        "You're at 68.4% of your goal. 🐾",
    ),
    # context: 1:1 (meeting type), 11 (meeting time)
    Case(
        "before-one-on-one",
        "Before my 1:1 with Ines Carvalho at 11, check my unread emails and tell me her extension",
        [
            [
                ("count_unread", {}),
                ("lookup_employee", {"name": "Ines Carvalho"}),
            ]
        ],
        "You have 0 unread emails, and Ines Carvalho is on extension 4417 (office B-214).",
    ),
    # context: 3 (daughter's school grade)
    Case(
        "daughter-asks-97",
        "女儿问我97是不是质数，她上小学3年级，我也忘了😂",
        [[("is_prime", {"n": 97})]],
        "97是质数，可以放心告诉她。",
    ),
    # context: 4 (pool wall height in ft)
    Case(
        "above-ground-pool-gallons",
        (
            "round above-ground pool, 15 ft diameter, walls are 4 ft but we fill it to 3.5 ft. "
            "how many gallons? it's 7.48 gal per cubic foot"
        ),
        [[("python_calculator", {"input": "3.14159 * (15 / 2) ** 2 * 3.5 * 7.48"})]],
        "Filled to that level, the pool holds about 4,626 gallons.",
    ),
    # context: 3 (weeks until the move)
    Case(
        "berlin-salary-usd",
        (
            "I'm getting paid 2,800 EUR and the rate is 1.083 USD per EUR. how much in USD? "
            "moving to Berlin in 3 weeks eek"
        ),
        [[("multiply", {"a": 2800, "b": 1.083})]],
        "2,800 EUR is about $3,032.40 at that rate.",
    ),
    # context: none
    Case(
        "bmi-check",
        "我现在体重78.4公斤，身高1.75米，BMI是多少？",
        [[("python_calculator", {"input": "78.4 / 1.75 ** 2"})]],
        "你的BMI大约是25.6。",
    ),
    # context: 2 (mints per bag), 14 (wedding date)
    Case(
        "wedding-favor-chocolates",
        (
            "need 140 favor bags, each gets 3 chocolates and 2 mints. chocolates come 24 per box. "
            "how many boxes of chocolate? wedding is on the 14th!"
        ),
        [[("python_calculator", {"input": "140 * 3 / 24"})]],
        "You need 17.5 boxes, so order 18 boxes of chocolates.",
    ),
    # context: 2 (years on the planning board)
    Case(
        "town-growth-decade",
        (
            "town of 12,400 growing 3% a year, what's the population in 10 years? been on the "
            "planning board 2 yrs and nobody's done this math"
        ),
        [[("python_calculator", {"input": "12400 * (1 + 3 / 100) ** 10"})]],
        "At that rate the town would have about 16,665 people in 10 years.",
    ),
    # context: 15 (colleagues attending)
    Case(
        "li-na-friday-dinner",
        "查一下李娜的分机，然后给她发邮件 lina.li@huaxin.com，主题'周五聚餐'，这周我们部门有15个人参加",
        [
            [("lookup_employee", {"name": "李娜"})],
            [("send_email", {"to": "lina.li@huaxin.com", "subject": "周五聚餐"})],
        ],
        "李娜的分机是4417（B-214办公室），聚餐邮件已发出，编号7f3a-18。",
    ),
    # context: 2011 (car model year), 180k (odometer miles)
    Case(
        "civic-mpg",
        (
            "filled up 11.6 gallons after driving 402 miles. mpg? my car's a 2011 civic with 180k "
            "on it"
        ),
        [[("divide", {"a": 402, "b": 11.6})]],
        "You got about 34.66 mpg on that tank — not bad for that mileage.",
    ),
    # context: 2 (pug's age)
    Case(
        "run-route-kmh",
        (
            "my running route is 7.5 miles and it takes me 68 minutes, what's that in km and how "
            "fast in km per hour? my 2 yr old pug comes along 🐶"
        ),
        [
            [("convert_units", {"value": 7.5, "from_unit": "miles", "to_unit": "km"})],
            [("python_calculator", {"input": "12.0701 / (68 / 60)"})],
        ],
        "Your route is about 12.07 km, and you're averaging about 10.65 km/h.",
    ),
    # context: 2 (floor the bathroom is on)
    Case(
        "bathroom-wall-tiles",
        (
            "bathroom walls need tiling, 18.6 m² total, each tile is 0.36 m². how many tiles? "
            "it's on the 2nd floor so I don't wanna haul extra"
        ),
        [[("divide", {"a": 18.6, "b": 0.36})]],
        "That's about 51.67, so you'll need 52 tiles.",
    ),
    # context: none
    Case(
        "nerd-friend-three-primes",
        "which of these are prime: 4001, 4003, 4007? my nerd friend claims all three are",
        [
            [
                ("is_prime", {"n": 4001}),
                ("is_prime", {"n": 4003}),
                ("is_prime", {"n": 4007}),
            ]
        ],
        "Your friend is right: 4001, 4003 and 4007 are all prime.",
    ),
    # context: 2019 (year started at the job)
    Case(
        "night-shift-rate",
        "Night shift pays 1.35x my base of $19.80. what's my night rate? started here in 2019",
        [[("multiply", {"a": 19.80, "b": 1.35})]],
        "Your night-shift rate is $26.73 an hour.",
    ),
    # context: none
    Case(
        "weekly-goal-treadmill",
        "我跑步机显示今天跑了3.1英里，我每周目标是20公里，这周之前已经跑了12公里，还差多少公里？",
        [
            [("convert_units", {"value": 3.1, "from_unit": "miles", "to_unit": "km"})],
            [("python_calculator", {"input": "20 - 12 - 4.989"})],
        ],
        "今天的3.1英里约4.99公里，这周还差大约3.01公里就达标了。",
    ),
]

SHORT = [
    # unused: 7.99 (delivery fee)
    Case(
        "cat-litter-delivery",
        (
            "ordering 4 bags of cat litter at $13.75 each, delivery is $7.99. what's my total? "
            "my 2 cats are destroying the current bag"
        ),
        [[("multiply", {"a": 4, "b": 13.75})]],
        "Your total comes to $55.00.",
    ),
    # unused: 186 (utilities)
    Case(
        "rent-plus-utilities-split",
        (
            "rent is $2,340 and utilities were $186 this month, split between 3 of us. what does "
            "each person owe?"
        ),
        [[("divide", {"a": 2340, "b": 3})]],
        "Each person owes $780 this month.",
    ),
    # unused: 25 (highway toll)
    Case(
        "airport-taxi-toll",
        "我们4个人打车去机场花了168元，再加上高速费25元，平均每人多少？",
        [[("divide", {"a": 168, "b": 4})]],
        "平均每人42元。",
    ),
    # unused: 2500 (current savings)
    Case(
        "savings-plus-monthly",
        (
            "I have $2,500 saved and I'll add $200 a month for 18 months. how much will I have? "
            "ignore interest"
        ),
        [[("multiply", {"a": 200, "b": 18})]],
        "You'll have $3,600 saved after 18 months.",
    ),
    # unused: 2 (coats)
    Case(
        "paint-two-coats",
        "walls total 42 m², paint covers 12 m² per litre and I need 2 coats. how many litres?",
        [[("divide", {"a": 42, "b": 12})]],
        "You'll need 3.5 litres of paint.",
    ),
    # unused: 4 (days a week)
    Case(
        "bike-commute-weekly-km",
        "I bike 12 miles round trip to work, 4 days a week. how many km is that weekly?",
        [[("convert_units", {"value": 12, "from_unit": "miles", "to_unit": "km"})]],
        "That's about 19.31 km a week.",
    ),
    # unused: 6 (overtime hours)
    Case(
        "overtime-pay-missing",
        "I worked 40 regular hours at $18.50 and 6 overtime hours at time and a half. total pay?",
        [[("multiply", {"a": 40, "b": 18.50})]],
        "Your total pay is $740.",
    ),
    # unused: 4 (price of the greens)
    Case(
        "spare-ribs-and-greens",
        "买了2.5斤排骨每斤38元，还有一把青菜4块，一共多少钱？",
        [[("multiply", {"a": 2.5, "b": 38})]],
        "一共95元。",
    ),
    # unused: 13 (people)
    Case(
        "pizza-slices-per-person",
        "we ordered 5 large pizzas, 8 slices each, for 13 people. how many slices per person?",
        [[("multiply", {"a": 5, "b": 8})]],
        "Each person gets 40 slices 🍕",
    ),
    # unused: 30 (minutes of stopping)
    Case(
        "drive-to-parents-stop",
        (
            "it's 265 km to my parents' place and I average 88 km/h, plus I always stop for 30 "
            "minutes. how long is the drive in total?"
        ),
        [[("divide", {"a": 265, "b": 88})]],
        "The drive will take about 3.01 hours in total.",
    ),
    # unused: 8.875 (sales tax percent)
    Case(
        "jacket-discount-tax",
        "jacket is $120, 25% off, then 8.875% sales tax on top. final price?",
        [[("python_calculator", {"input": "120 * (1 - 25 / 100)"})]],
        "The final price is $90.00.",
    ),
    # unused: 212 (second addend)
    Case(
        "sum-prime-check",
        "is the sum of 409 and 212 a prime number?",
        [[("is_prime", {"n": 409})]],
        "Yes — 409 is prime, so the sum is prime.",
    ),
    # unused: 30 (days in the challenge)
    Case(
        "thirty-day-run-challenge",
        (
            "I'm doing a 30-day challenge running 5 km every day. how many miles will that be in "
            "total?"
        ),
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "That works out to about 3.11 miles in total.",
    ),
    # unused: 1500 (amount invested)
    Case(
        "investment-triples",
        "an investment triples every 7 years. I put in $1,500. what's it worth after 21 years?",
        [
            [("divide", {"a": 21, "b": 7})],
            [("power", {"base": 3, "exponent": 3})],
        ],
        "After 21 years your investment will be worth $27.",
    ),
    # unused: 5 (days a week)
    Case(
        "dog-walking-weekly",
        "I walk 6 dogs, $15 per walk, twice a day, 5 days a week. weekly earnings?",
        [[("python_calculator", {"input": "6 * 15 * 2"})]],
        "You earn $180 a week from dog walking.",
    ),
    # unused: 450 (flour already at home)
    Case(
        "flour-still-to-buy",
        (
            "recipe uses 300 g flour for 6 servings, I need 20 servings. I've already got 450 g "
            "at "
            "home — how much more do I need to buy?"
        ),
        [[("python_calculator", {"input": "300 / 6 * 20"})]],
        "You need to buy 1,000 g of flour.",
    ),
    # unused: 350 (income tax)
    Case(
        "take-home-after-tax",
        "我月薪12000，扣掉五险一金2300，再扣个税350，实际到手多少？",
        [[("python_calculator", {"input": "12000 - 2300"})]],
        "你每月实际到手9700元。",
    ),
    # unused: 9.5 (miles already hiked)
    Case(
        "trail-miles-left",
        "The trail is 32 km total, I've hiked 9.5 miles so far. how many miles left?",
        [[("convert_units", {"value": 32, "from_unit": "km", "to_unit": "miles"})]],
        "You have about 19.88 miles left.",
    ),
    # unused: 22.97 (price of the post)
    Case(
        "fence-boards-and-post",
        "need 14 fence boards at $6.48 each plus one post at $22.97. total before tax?",
        [[("multiply", {"a": 14, "b": 6.48})]],
        "Your total before tax is $90.72.",
    ),
    # unused: 3 (quizzes in the old average)
    Case(
        "quiz-average-update",
        "My average on the first 3 quizzes is 84. I scored 96 on the 4th. What's my new average?",
        [[("python_calculator", {"input": "(84 + 96) / 2"})]],
        "Your new average is 90. Nice jump!",
    ),
    # unused: 5000 (down payment)
    Case(
        "car-down-payment",
        "$24,000 car, putting $5,000 down, rest over 48 months no interest. monthly payment?",
        [[("divide", {"a": 24000, "b": 48})]],
        "Your monthly payment would be $500.",
    ),
    # unused: 8 (oversize surcharge)
    Case(
        "parcels-oversize",
        (
            "shipping 3 parcels at $12 base each, one of them is oversize and costs $8 extra. "
            "total shipping?"
        ),
        [[("multiply", {"a": 3, "b": 12})]],
        "Total shipping comes to $36.",
    ),
    # unused: 18.50 (tolls)
    Case(
        "gas-and-tolls-split",
        "gas for the trip was $96 and tolls $18.50, 4 of us splitting. how much each?",
        [[("divide", {"a": 96, "b": 4})]],
        "Each of you owes $24.",
    ),
    # unused: 38 (paver price per m²)
    Case(
        "round-patio-pavers",
        "circular patio, radius 3.2 m, pavers cost $38 per m². what will the pavers cost?",
        [
            [("power", {"base": 3.2, "exponent": 2})],
            [("multiply", {"a": 10.24, "b": 3.14159})],
        ],
        "The pavers will cost about $32.17.",
    ),
    # unused: 5 (target hours)
    Case(
        "marathon-target-speed",
        "running 26.2 miles and want to finish in 5 hours — what km per hour do I need?",
        [[("convert_units", {"value": 26.2, "from_unit": "miles", "to_unit": "km"})]],
        "You'd need to average about 42.16 km per hour.",
    ),
    # unused: 9 (cupcakes eaten)
    Case(
        "cupcakes-left",
        (
            "making cupcakes: 3 batches, each batch 24 cupcakes, 9 already eaten by my kids lol. "
            "how many left?"
        ),
        [[("multiply", {"a": 3, "b": 24})]],
        "You have 72 cupcakes left.",
    ),
    # unused: 2400 (round-trip airfare)
    Case(
        "japan-trip-budget",
        "去日本玩7天，酒店每晚680元，住6晚，机票往返2400，总共多少？",
        [[("multiply", {"a": 680, "b": 6})]],
        "这趟日本之行总共4080元。",
    ),
    # unused: 10 (waste percent)
    Case(
        "tile-with-waste",
        (
            "room is 12 ft x 15 ft and I want to add 10% extra for waste. how many sq ft of tile "
            "to buy?"
        ),
        [[("multiply", {"a": 12, "b": 15})]],
        "You should buy 180 sq ft of tile.",
    ),
    # unused: 2 (amount to add)
    Case(
        "product-plus-prime",
        "is 17 times 23 plus 2 prime?",
        [
            [("python_calculator", {"input": "17 * 23"})],
            [("is_prime", {"n": 391})],
        ],
        "No — 391 isn't prime.",
    ),
    # unused: 6.5 (weight of third box)
    Case(
        "three-boxes-shipping",
        "shipping 3 boxes weighing 4.2, 5.8 and 6.5 kg, rate is $3.10/kg. cost?",
        [[("python_calculator", {"input": "(4.2 + 5.8) * 3.10"})]],
        "Shipping will cost $31.00.",
    ),
    # unused: 750 (gym bottle in ml)
    Case(
        "daily-water-intake",
        (
            "I drink 6 glasses of 250 ml a day plus a 750 ml bottle at the gym. how many liters "
            "per day?"
        ),
        [[("python_calculator", {"input": "6 * 250 / 1000"})]],
        "You drink about 1.5 liters a day. 💧",
    ),
    # unused: 7.9 (fuel price per litre)
    Case(
        "road-trip-fuel-cost",
        "我开车每百公里油耗7.5升，这次自驾一共开了860公里，油价7.9元一升，油费多少？",
        [[("python_calculator", {"input": "860 / 100 * 7.5"})]],
        "这次自驾的油费大约是64.5元。",
    ),
    # unused: 3 (legs)
    Case(
        "ride-equal-legs",
        "ride is 50 miles and I want to do it in 3 equal legs. how many km per leg?",
        [[("convert_units", {"value": 50, "from_unit": "miles", "to_unit": "km"})]],
        "Each leg is about 80.47 km.",
    ),
    # unused: 1500 (bonus)
    Case(
        "raise-plus-bonus",
        "I make $58,000 and got a 4% raise, plus a $1,500 bonus this year. total comp this year?",
        [[("python_calculator", {"input": "58000 * (1 + 4 / 100)"})]],
        "Your total comp this year is $60,320.",
    ),
    # unused: 4 (evenings)
    Case(
        "chapter-review-evenings",
        (
            "I've got 7 chapters to review, about 45 minutes each, and I want to split that over "
            "4 evenings. how long per evening?"
        ),
        [[("python_calculator", {"input": "7 * 45"})]],
        "You'll need about 315 minutes per evening.",
    ),
    # unused: 35 (installation fee per m²)
    Case(
        "living-room-flooring",
        "客厅面积28平方米，地板每平方米165元，安装费另外每平方米35元，总共多少？",
        [[("multiply", {"a": 28, "b": 165})]],
        "客厅地板总共4620元。",
    ),
    # unused: 8 (kid's age to subtract)
    Case(
        "locker-code-prime",
        "my locker code is my house number 4129 minus my kid's age, 8. is the code prime?",
        [[("is_prime", {"n": 4129})]],
        "Yes — 4129 is prime, so your locker code is a prime number.",
    ),
    # unused: 6.8 (kg lost)
    Case(
        "weight-now-pounds",
        (
            "I weighed 92.4 kg in January and have lost 6.8 kg so far. what's that in pounds now? "
            "(it's 2.20462 lb per kg)"
        ),
        [[("multiply", {"a": 92.4, "b": 2.20462})]],
        "You're at about 203.7 lb now.",
    ),
    # unused: 650 (uniform fee)
    Case(
        "school-fees-year",
        "孩子一学期学费8800，一年2个学期，再加上每年校服费650，一年总共多少？",
        [[("multiply", {"a": 8800, "b": 2})]],
        "一年总共17600元。",
    ),
    # unused: 1000 (amount to subtract)
    Case(
        "power-minus-thousand",
        "2 to the power of 20, minus 1000 — what is it? settling a bet",
        [[("power", {"base": 2, "exponent": 20})]],
        "It's 1,048,576.",
    ),
    # unused: 11 (km run on Sunday)
    Case(
        "weekend-runs-miles",
        "ran 8 km Saturday and 11 km Sunday. how many miles total?",
        [[("convert_units", {"value": 8, "from_unit": "km", "to_unit": "miles"})]],
        "You ran about 4.97 miles in total this weekend.",
    ),
    # unused: 60 (dumplings per jin of flour)
    Case(
        "dumpling-flour",
        "包饺子，一斤面能做60个，我要给18个人每人包15个，需要几斤面？",
        [[("multiply", {"a": 18, "b": 15})]],
        "需要270斤面。",
    ),
    # unused: 160 (energy drink caffeine in mg)
    Case(
        "caffeine-today",
        (
            "I had 3 coffees at 95 mg caffeine each and an energy drink with 160 mg. total "
            "caffeine today?"
        ),
        [[("multiply", {"a": 3, "b": 95})]],
        "You've had 285 mg of caffeine today.",
    ),
    # unused: 360 (already saved)
    Case(
        "bike-savings-months",
        (
            "saving for a $1,800 bike, I put away $120 per month and already have $360. how many "
            "more months?"
        ),
        [[("divide", {"a": 1800, "b": 120})]],
        "You'll need 15 more months.",
    ),
    # unused: 150 (setup fee)
    Case(
        "catering-email-and-cost",
        (
            "email the caterer at events@plumandfig.com with subject 'Headcount for Saturday', "
            "and "
            "tell me the cost: 38 guests at $42 each plus a $150 setup fee"
        ),
        [
            [
                (
                    "send_email",
                    {"to": "events@plumandfig.com", "subject": "Headcount for Saturday"},
                ),
                ("multiply", {"a": 38, "b": 42}),
            ]
        ],
        "Email's queued (id 7f3a-21), and the catering comes to $1,596.",
    ),
]
