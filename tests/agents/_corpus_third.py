# ruff: noqa: E501
"""A third corpus, written apart from the checks and without reading them: ordinary
correct answers to questions that hold numbers that are only context (``STAND``: labels,
identifiers, times of day, dates, ages, counts said in passing), and runs that stopped
short of a number the question needed (``SHORT``: the price of one unit given for several,
a tip left out), each on the four tool-call strategies.

Run blind against the aids of the time, it found ``UnusedQuantities`` sending back 28 of
its 55 correct answers (112 of 220 runs), and catching 21 of the 32 stopped-short ones.
The numbers that name or date something
(:func:`~hello_agents.agents.aids.quantities.named_numbers`) were read from those 28, so
this corpus is a tuning corpus now: it holds the aids to what they do on it, with the
answers still sent back listed by name, and the stopped-short runs they must still catch.
The fourth and fifth corpora were written apart in the same way, each run once before it
was read (docs/small-model-aids.md, "How precision is checked").
"""

from __future__ import annotations

from test_answers_stand import Case

# ---------------------------------------------------------------------------
# STAND: ordinary, correct, complete answers. Numbers noted as context are
# labels, ages, dates, counts in passing ... and take no part in any calculation.
# ---------------------------------------------------------------------------
STAND = [
    # context: team 7 (a label)
    Case(
        "team-seven-lookup",
        "I'm on team 7 and need to reach Dana Whitfield. Where does she sit?",
        [[("lookup_employee", {"name": "Dana Whitfield"})]],
        "Dana Whitfield sits in office B-214; her extension is 4417.",
    ),
    # context: floor 3, time 2:30 pm
    Case(
        "floor-three-ext",
        "Our meeting got moved to floor 3 at 2:30 pm. What's Marcus Lee's extension so I can tell him?",
        [[("lookup_employee", {"name": "Marcus Lee"})]],
        "Marcus Lee's extension is 4417.",
    ),
    # context: order #55012 inside the subject line
    Case(
        "order-subject-mail",
        "Email support@shop.example with the subject 'Order #55012 arrived damaged'.",
        [
            [
                (
                    "send_email",
                    {"to": "support@shop.example", "subject": "Order #55012 arrived damaged"},
                )
            ]
        ],
        "Sent.",
    ),
    # context: 2 weeks, March (a duration said in passing and a month)
    Case(
        "unread-after-leave",
        "I was out for 2 weeks in March. Do I have any unread email?",
        [[("count_unread", {})]],
        "No, you have 0 unread emails.",
    ),
    # context: flight 417, gate B22, 18:45, all also in the subject
    Case(
        "flight-gate-note",
        "Flight 417 lands at gate B22 at 18:45; send a note to pickup@family.example titled 'Landing gate B22, flight 417'.",
        [
            [
                (
                    "send_email",
                    {"to": "pickup@family.example", "subject": "Landing gate B22, flight 417"},
                )
            ]
        ],
        "Done - the email to pickup@family.example is queued (id 7f3a-21).",
    ),
    # context: bib number 1204
    Case(
        "bib-marathon-miles",
        "My bib number is 1204. How many miles is a 42.195 km marathon?",
        [[("convert_units", {"value": 42.195, "from_unit": "km", "to_unit": "miles"})]],
        "A 42.195 km marathon is about 26.22 miles.",
    ),
    # context: apartment 5C
    Case(
        "apartment-neighbour-office",
        "I live in apartment 5C and Priya Nair is my neighbour at work; which office is she in?",
        [[("lookup_employee", {"name": "Priya Nair"})]],
        "Priya Nair is in office B-214.",
    ),
    # context: 3楼 (floor 3)
    Case(
        "zh-floor-ext",
        "我在3楼开会，张伟的分机号是多少？",
        [[("lookup_employee", {"name": "张伟"})]],
        "张伟的分机号是4417。",
    ),
    # context: 5月20日 (a date)
    Case(
        "zh-date-unread",
        "今天是5月20日，我有未读邮件吗？",
        [[("count_unread", {})]],
        "没有，你目前有0封未读邮件。",
    ),
    # context: 第9章 (chapter 9) in the subject
    Case(
        "zh-chapter-mail",
        "给 li.na@corp.example 发一封邮件，主题写“第9章修改意见”。",
        [[("send_email", {"to": "li.na@corp.example", "subject": "第9章修改意见"})]],
        "已发送。",
    ),
    # context: version 2, build 318 in the subject
    Case(
        "version-build-mail",
        "Send an email to qa@dev.example, subject: 'Version 2 build 318 ready for testing'",
        [
            [
                (
                    "send_email",
                    {"to": "qa@dev.example", "subject": "Version 2 build 318 ready for testing"},
                )
            ]
        ],
        "Email sent to qa@dev.example (queued id=7f3a-14).",
    ),
    # context: phone fragment 0923
    Case(
        "phone-fragment-lookup",
        "Someone called from a number ending in 0923 asking for Tom Becker. Where can I find Tom?",
        [[("lookup_employee", {"name": "Tom Becker"})]],
        "Tom Becker is in office B-214, extension 4417.",
    ),
    # context: 2 dogs
    Case(
        "dogs-unread",
        "I have 2 dogs waiting for a walk, so quick: how many unread messages are there?",
        [[("count_unread", {})]],
        "0 - your inbox is clear.",
    ),
    # context: seat 14A, 9-hour flight
    Case(
        "seat-route-km",
        "I'm in seat 14A on a 9-hour flight; the route is 5570 miles. What's that in km?",
        [[("convert_units", {"value": 5570, "from_unit": "miles", "to_unit": "km"})]],
        "5570 miles is about 8964 km.",
    ),
    # context: grade 4
    Case(
        "grade-four-prime",
        "My daughter in grade 4 asked me: is 97 prime?",
        [[("is_prime", {"n": 97})]],
        "Yes, 97 is a prime number.",
    ),
    # context: bus 21
    Case(
        "bus-commute-miles",
        "I take bus 21 to work, which is 14 km away. How far is that in miles?",
        [[("convert_units", {"value": 14, "from_unit": "km", "to_unit": "miles"})]],
        "About 8.7 miles.",
    ),
    # context: 10:00, room 12
    Case(
        "standup-room-ext",
        "Before the 10:00 standup in room 12, tell me Alicia Gomez's extension",
        [[("lookup_employee", {"name": "Alicia Gomez"})]],
        "Alicia Gomez: extension 4417 (office B-214).",
    ),
    # context: age 8
    Case(
        "son-age-product",
        "My son is 8. He wants to know what 17 times 23 is.",
        [[("multiply", {"a": 17, "b": 23})]],
        "17 times 23 is 391.",
    ),
    # context: chapter 9, problem 4
    Case(
        "homework-power",
        "Chapter 9 homework, problem 4: compute 2 to the 10th power.",
        [[("power", {"base": 2, "exponent": 10})]],
        "2^10 = 1024.",
    ),
    # context: 3 cats
    Case(
        "cat-food-per-day",
        "We have 3 cats. A bag of food costs $21 and lasts 6 days - what's the cost per day?",
        [[("divide", {"a": 21, "b": 6})]],
        "The food costs $3.50 per day.",
    ),
    # context: order #55012
    Case(
        "order-chairs-total",
        "For order #55012 I'm buying 6 chairs at $45 each. What's the total?",
        [[("multiply", {"a": 6, "b": 45})]],
        "The total for the 6 chairs is $270.",
    ),
    # context: the year 2019
    Case(
        "year-rent-share",
        "In 2019 I split a $960 bill evenly among 4 roommates; how much was each share?",
        [[("divide", {"a": 960, "b": 4})]],
        "Each roommate paid $240.",
    ),
    # context: departure time 7:15
    Case(
        "train-speed",
        "The train leaves at 7:15. If it covers 180 km in 2 hours, what's its average speed?",
        [[("divide", {"a": 180, "b": 2})]],
        "90 km/h.",
    ),
    # context: team 7
    Case(
        "team-points-average",
        "Team 7 scored 96 points over 12 games. Average per game?",
        [[("divide", {"a": 96, "b": 12})]],
        "They averaged 8 points per game.",
    ),
    # context: floor 3
    Case(
        "floor-prime-221",
        "I'm on floor 3 and bored. Is 221 a prime number?",
        [[("is_prime", {"n": 221})]],
        "No, 221 isn't prime - it's 13 x 17.",
    ),
    # context: gate B22, 9:40
    Case(
        "gate-calc",
        "Gate B22 closes at 9:40; meanwhile, what's 125*8 + 64?",
        [[("python_calculator", {"expression": "125*8 + 64"})]],
        "1064",
    ),
    # context: age 34
    Case(
        "age-yearly-rent",
        "I'm 34 and my rent is $1,250 a month. How much is that over 12 months?",
        [[("multiply", {"a": 1250, "b": 12})]],
        "That's $15,000 over the 12 months.",
    ),
    # context: the quoted note "call Sam at 3"
    Case(
        "quoted-note-square",
        'My sticky note says "call Sam at 3". Unrelated: what is 3.5 squared?',
        [[("power", {"base": 3.5, "exponent": 2})]],
        "3.5 squared is 12.25.",
    ),
    # context: version 2 (of the app)
    Case(
        "version-load-drop",
        "Version 2 of the app cut load time from 4.8 s to 3.6 s. By what percentage did it drop?",
        [[("python_calculator", {"expression": "(4.8 - 3.6) / 4.8 * 100"})]],
        "Load time dropped by 25%.",
    ),
    # context: 10岁 (the son's age)
    Case(
        "zh-age-books",
        "我儿子今年10岁。一本书28元，买3本一共多少钱？",
        [[("multiply", {"a": 28, "b": 3})]],
        "买3本一共84元。",
    ),
    # context: 2024年 (a year)
    Case(
        "zh-year-km-miles",
        "2024年我一共跑了1200公里，换算成英里是多少？",
        [[("convert_units", {"value": 1200, "from_unit": "km", "to_unit": "miles"})]],
        "1200公里约等于745.65英里。",
    ),
    # context: 5号楼 (building 5)
    Case(
        "zh-building-prime",
        "我住在5号楼。91是质数吗？",
        [[("is_prime", {"n": 91})]],
        "不是，91 = 7 × 13，所以91不是质数。",
    ),
    # context: flight 417
    Case(
        "flight-mph",
        "Flight 417 covers 2,300 miles in 5 hours. What's its average speed in mph?",
        [[("divide", {"a": 2300, "b": 5})]],
        "About 460 mph.",
    ),
    # context: apartment 5C
    Case(
        "apartment-year-total",
        "Apartment 5C rents for $1,400 a month for 12 months, plus a one-time $350 fee; what's the year's total?",
        [[("python_calculator", {"expression": "1400*12 + 350"})]],
        "The year's total is $17,150.",
    ),
    # context: 3 kids (the round trip doubles the one-way distance)
    Case(
        "kids-school-round-trip",
        "I drive my 3 kids to school, 12 miles each way. How many km is the round trip?",
        [
            [("convert_units", {"value": 12, "from_unit": "miles", "to_unit": "km"})],
            [("multiply", {"a": 19.3121, "b": 2})],
        ],
        "12 miles is 19.3121 km, so the round trip is about 38.62 km.",
    ),
    # context: room 12 (two parallel calls)
    Case(
        "room-compare-powers",
        "Room 12 trivia question: which is bigger, 2^20 or 10^6?",
        [[("power", {"base": 2, "exponent": 20}), ("power", {"base": 10, "exponent": 6})]],
        "2^20 = 1,048,576, which is bigger than 10^6 = 1,000,000.",
    ),
    # context: 4 pm (two parallel calls)
    Case(
        "afternoon-two-primes",
        "It's 4 pm and I'm bored - are 101 and 111 prime?",
        [[("is_prime", {"n": 101}), ("is_prime", {"n": 111})]],
        "101 is prime; 111 is not (111 = 3 x 37).",
    ),
    # context: desk phone ext. 2231
    Case(
        "desk-ext-percent",
        "My desk phone is ext. 2231. What's 15% of 240?",
        [[("multiply", {"a": 240, "b": 0.15})]],
        "15% of 240 is 36.",
    ),
    # context: born in 1990
    Case(
        "born-year-savings",
        "Born in 1990, I've saved $250 a month for 18 months. How much have I saved?",
        [[("multiply", {"a": 250, "b": 18})]],
        "You've saved $4,500.",
    ),
    # context: March 14 (a date)
    Case(
        "date-apples",
        "On March 14 I bought 7 pounds of apples at $2.40 a pound. What did I pay?",
        [[("multiply", {"a": 7, "b": 2.40})]],
        "You paid $16.80 for the apples.",
    ),
    # context: 11:30 (a deadline)
    Case(
        "deadline-divide",
        "Compute 1440 divided by 36 - I need it before 11:30",
        [[("divide", {"a": 1440, "b": 36})]],
        "1440 / 36 = 40.",
    ),
    # context: 2 meetings
    Case(
        "meetings-convert",
        "I've got 2 meetings today. Convert 5 km to miles.",
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "5 km is 3.1069 miles.",
    ),
    # context: 3 days and June 10 inside the subject line
    Case(
        "leave-request-mail",
        "Email hr@acme.example with subject 'Leave request: 3 days from June 10'.",
        [
            [
                (
                    "send_email",
                    {"to": "hr@acme.example", "subject": "Leave request: 3 days from June 10"},
                )
            ]
        ],
        "Your email to hr@acme.example is queued (id=7f3a-15).",
    ),
    # context: seat 14A, 6 May
    Case(
        "handover-office",
        "Seat 14A, 6 May: I need Olga Petrova's office number for the handover.",
        [[("lookup_employee", {"name": "Olga Petrova"})]],
        "Olga Petrova's office is B-214.",
    ),
    # context: 版本2 (version 2) in the subject
    Case(
        "zh-version-mail",
        "请给 wang@lab.example 发邮件，主题“版本2已上线”，谢谢",
        [[("send_email", {"to": "wang@lab.example", "subject": "版本2已上线"})]],
        "邮件已发送（队列编号 7f3a-16）。",
    ),
    # context: 第7组 (group 7)
    Case(
        "zh-group-prime",
        "第7组的作业：97是不是质数？",
        [[("is_prime", {"n": 97})]],
        "是的，97是质数。",
    ),
    # context: 12号会议室 (meeting room 12)
    Case(
        "zh-room-lunch",
        "我们在12号会议室开会，16个人每人午餐35元，一共要多少钱？",
        [[("multiply", {"a": 16, "b": 35})]],
        "一共560元。",
    ),
    # context: 3:45 (a time of day)
    Case(
        "quick-prime-2027",
        "Quick one at 3:45 - is 2027 prime?",
        [[("is_prime", {"n": 2027})]],
        "Yes, 2027 is prime.",
    ),
    # context: grandma turns 90
    Case(
        "grandma-card-power",
        "My grandma turns 90 next week; for her card I want 3 to the power 4.",
        [[("power", {"base": 3, "exponent": 4})]],
        "3^4 = 81.",
    ),
    # context: flight 88, 2 hours late
    Case(
        "delayed-miles-km",
        "Flight 88 is 2 hours late. How many km is 300 miles, by the way?",
        [[("convert_units", {"value": 300, "from_unit": "miles", "to_unit": "km"})]],
        "300 miles is about 482.8 km.",
    ),
    # context: update 3.2
    Case(
        "update-unread",
        "After installing update 3.2, does my inbox show any unread messages?",
        [[("count_unread", {})]],
        "No - there are no unread messages.",
    ),
    # context: 9:00, room 305 (two parallel lookups)
    Case(
        "two-extensions",
        "For the 9:00 meeting in room 305, get me the extensions of Ann Ito and Ben Cole.",
        [[("lookup_employee", {"name": "Ann Ito"}), ("lookup_employee", {"name": "Ben Cole"})]],
        "Ann Ito and Ben Cole are both on extension 4417, in office B-214.",
    ),
    # context: invoice number 7781, after a semicolon
    Case(
        "invoice-percent",
        "What's 18% of 3,450; the invoice number is 7781, if it matters.",
        [[("python_calculator", {"expression": "3450*0.18"})]],
        "18% of 3,450 is 621.",
    ),
    # context: 26 degrees, Saturday the 8th
    Case(
        "weather-ride-km",
        "It's 26 degrees out on Saturday the 8th, perfect for a ride. My loop is 35 miles; how many km?",
        [[("convert_units", {"value": 35, "from_unit": "miles", "to_unit": "km"})]],
        "Your 35-mile loop is about 56.33 km.",
    ),
    # context: 4 people in the team, ticket #8812
    Case(
        "ticket-lookup-email",
        "Ticket #8812 from our 4-person team: look up Rosa Diaz's office and email her at rosa.diaz@corp.example with subject 'Desk move'.",
        [
            [("lookup_employee", {"name": "Rosa Diaz"})],
            [("send_email", {"to": "rosa.diaz@corp.example", "subject": "Desk move"})],
        ],
        "Rosa Diaz is in office B-214 (extension 4417), and the email is queued.",
    ),
]

# ---------------------------------------------------------------------------
# SHORT: the model stopped short. A number of the question that the answer
# needs never reached any call, and the answer reports an intermediate result.
# ---------------------------------------------------------------------------
SHORT = [
    # unused: 4 people (the total with tip was never split)
    Case(
        "tip-split-unused",
        "Dinner came to $80 and we're 4 people. With a 15% tip, what does each of us pay?",
        [[("python_calculator", {"expression": "80*1.15"})]],
        "The total with tip is $92.",
    ),
    # unused: 15 notebooks (only the unit price was found)
    Case(
        "notebooks-unit-price",
        "A pack of 6 notebooks costs $20.40. How much do 15 notebooks cost?",
        [[("divide", {"a": 20.40, "b": 6})]],
        "Each notebook costs $3.40.",
    ),
    # unused: 50 mph (the time was never worked out)
    Case(
        "convert-then-time",
        "Convert 100 km to miles, then tell me how long it takes at 50 mph.",
        [[("convert_units", {"value": 100, "from_unit": "km", "to_unit": "miles"})]],
        "100 km is 62.1371 miles.",
    ),
    # unused: 60 mph, in a separate sentence (hours never computed)
    Case(
        "drive-hours-speed",
        "The drive is 240 km. I average 60 mph. How many hours will it take?",
        [[("convert_units", {"value": 240, "from_unit": "km", "to_unit": "miles"})]],
        "240 km is about 149.13 miles.",
    ),
    # unused: the $12 booking fee
    Case(
        "tickets-fee-unused",
        "Tickets are $45 each. We need 7 of them, plus a $12 booking fee. What's the total?",
        [[("multiply", {"a": 45, "b": 7})]],
        "7 tickets come to $315.",
    ),
    # unused: 35 kg (only the price per kg)
    Case(
        "rice-per-kg",
        "A 5 kg bag of rice costs $14. How much would 35 kg cost?",
        [[("divide", {"a": 14, "b": 5})]],
        "Rice costs $2.80 per kg.",
    ),
    # unused: 3箱 (3 crates; only one crate priced)
    Case(
        "zh-apple-crates",
        "一箱苹果有24个，每个2.5元。买3箱要多少钱？",
        [[("multiply", {"a": 24, "b": 2.5})]],
        "一箱苹果60元。",
    ),
    # unused: 22% tax
    Case(
        "salary-tax-unused",
        "My salary is $4,200 a month. How much do I take home over 18 months after 22% tax?",
        [[("multiply", {"a": 4200, "b": 18})]],
        "Over 18 months that's $75,600.",
    ),
    # unused: the $10,000 principal (only the growth factor)
    Case(
        "loan-growth-factor",
        "My loan is $10,000 at 5% annual interest, compounded yearly. What will I owe after 3 years?",
        [[("power", {"base": 1.05, "exponent": 3})]],
        "After 3 years the balance grows by a factor of 1.157625.",
    ),
    # unused: 5 days (one day's distance reported)
    Case(
        "laps-days-unused",
        "She runs 25 laps of a 400 m track every day. She did that for 5 days. How far did she run in total?",
        [[("multiply", {"a": 400, "b": 25})]],
        "She ran 10000 meters.",
    ),
    # unused: 2 coats (liters for one coat)
    Case(
        "paint-coats-unused",
        "Paint covers 12 square meters per liter. The wall is 4 m by 9 m and needs 2 coats. How many liters do I need?",
        [[("multiply", {"a": 4, "b": 9})], [("divide", {"a": 36, "b": 12})]],
        "You need 3 liters of paint.",
    ),
    # unused: 每小时60英里 (60 mph; only the distance converted)
    Case(
        "zh-tianjin-hours",
        "从北京到天津约120公里，车速每小时60英里，需要多少小时？",
        [[("convert_units", {"value": 120, "from_unit": "km", "to_unit": "miles"})]],
        "120公里约等于74.56英里。",
    ),
    # unused: $2.10 per bag (flour amount, not its cost)
    Case(
        "flour-cost-unused",
        "A loaf needs 250 g of flour and I'm baking 6 loaves for the market. Flour is $2.10 per 1 kg bag. What will the flour cost me?",
        [[("multiply", {"a": 250, "b": 6})]],
        "You'll need 1500 g of flour.",
    ),
    # unused: $0.75 per can (imperative; only the can count)
    Case(
        "cans-price-unused",
        "Compute the total cost: 8 boxes, 24 cans per box, $0.75 per can.",
        [[("multiply", {"a": 8, "b": 24})]],
        "That's 192 cans.",
    ),
    # unused: 7.5 L per 100 km (fuel never computed)
    Case(
        "fuel-rate-unused",
        "My car uses 7.5 liters per 100 km. How much fuel do I need for 340 miles?",
        [[("convert_units", {"value": 340, "from_unit": "miles", "to_unit": "km"})]],
        "340 miles is about 547.2 km.",
    ),
    # unused: $2.50 per notebook
    Case(
        "class-notebooks-unused",
        "Each of the 30 students needs 3 notebooks. Notebooks cost $2.50. What's the class total?",
        [[("multiply", {"a": 30, "b": 3})]],
        "The class needs 90 notebooks.",
    ),
    # unused: the $35 base fee
    Case(
        "phone-bill-base",
        "My phone plan is $35 a month plus $0.10 per text. I sent 420 texts this month; what's my bill?",
        [[("multiply", {"a": 420, "b": 0.10})]],
        "Your texts cost $42.",
    ),
    # unused: 10% tax rate
    Case(
        "zh-salary-tax",
        "工资每月8000元，税率10%，一年12个月到手多少？",
        [[("multiply", {"a": 8000, "b": 12})]],
        "一年工资96000元。",
    ),
    # unused: 40% of bandwidth
    Case(
        "download-bandwidth",
        "A file is 3.6 GB and my line does 12 MB per second, but only 40% of it is free for me. How many seconds will the download take?",
        [[("python_calculator", {"expression": "3.6*1000/12"})]],
        "The download takes 300 seconds.",
    ),
    # unused: 3 km per hour (only the distance)
    Case(
        "hike-duration",
        "The hike is 18 miles. We walk 3 km per hour. How long will it take?",
        [[("convert_units", {"value": 18, "from_unit": "miles", "to_unit": "km"})]],
        "18 miles is 28.97 km.",
    ),
    # unused: $14 per pizza (count, not cost)
    Case(
        "pizza-cost-unused",
        "A pizza costs $14 and serves 3. We have 12 guests - what will the pizzas cost?",
        [[("divide", {"a": 12, "b": 3})]],
        "You need 4 pizzas.",
    ),
    # unused: minus 1000
    Case(
        "power-minus-unused",
        "What's 2 to the power 16, minus 1000?",
        [[("power", {"base": 2, "exponent": 16})]],
        "2^16 is 65536.",
    ),
    # unused: 12 cents per km
    Case(
        "trip-cost-per-km",
        "We're flying 1,500 miles. The fare works out to 12 cents per km; what does the flight cost?",
        [[("convert_units", {"value": 1500, "from_unit": "miles", "to_unit": "km"})]],
        "1500 miles is 2414.02 km.",
    ),
    # unused: 30天 (30 days; one day converted)
    Case(
        "zh-run-month",
        "每天跑5公里，坚持30天，一共跑了多少英里？",
        [[("convert_units", {"value": 5, "from_unit": "km", "to_unit": "miles"})]],
        "5公里约为3.11英里。",
    ),
    # unused: 8% service (imperative)
    Case(
        "catering-service-unused",
        "Work out the lunch bill: the lab has 14 people, lunch is $11 each, and the caterer adds 8% service.",
        [[("multiply", {"a": 14, "b": 11})]],
        "Lunch for 14 comes to $154.",
    ),
    # unused: the 50,000 population (only the growth factor)
    Case(
        "population-factor",
        "The town has 50,000 people and grows 3% a year. What will its population be in 10 years?",
        [[("power", {"base": 1.03, "exponent": 10})]],
        "The population will grow by a factor of about 1.3439.",
    ),
    # unused: 15 boxes already loaded
    Case(
        "truck-boxes-loaded",
        "A box weighs 2.5 kg and the truck holds 1,200 kg. 15 boxes are already loaded. How many more fit?",
        [[("divide", {"a": 1200, "b": 2.5})]],
        "480 boxes fit in the truck.",
    ),
    # unused: 180 pages already read
    Case(
        "book-hours-left",
        "I read 45 pages an hour. The book has 630 pages. I've already read 180 of them; how many hours are left?",
        [[("divide", {"a": 630, "b": 45})]],
        "The book takes 14 hours to read.",
    ),
    # unused: 运费50元 (the 50 yuan shipping)
    Case(
        "zh-laptop-shipping",
        "一台电脑5600元，打八五折，再加运费50元，总共多少钱？",
        [[("multiply", {"a": 5600, "b": 0.85})]],
        "打折后是4760元。",
    ),
    # unused: 5 days a week (separate sentence, imperative)
    Case(
        "weekly-pay-days",
        "Work out her weekly pay: $18.50 an hour, 7.5 hours a day. She works 5 days a week.",
        [[("multiply", {"a": 18.5, "b": 7.5})]],
        "She earns $138.75.",
    ),
    # unused: 3 rooms (one room's area reported)
    Case(
        "carpet-rooms",
        "Each bedroom is 4.2 m by 3.5 m. There are 3 bedrooms. How much carpet do I need?",
        [[("multiply", {"a": 4.2, "b": 3.5})]],
        "You need 14.7 square meters of carpet.",
    ),
    # unused: 25 km (distance never converted; answer gives only the count check)
    Case(
        "cyclists-distance-miles",
        "Two friends each cycled 25 km on Sunday. Convert their combined distance to miles.",
        [[("convert_units", {"value": 2, "from_unit": "km", "to_unit": "miles"})]],
        "Their combined distance is 1.2427 miles.",
    ),
]


SENT_BACK_WITH_THE_AIDS: set[str] = set()
"""Correct answers the aids still send back: none since a number said before the clause
that asks, and not named by the answer, lets the answer stand."""

CAUGHT_WITH_THE_AIDS = 11
"""Stopped-short questions the aids send back on every strategy (of 32)."""
